// swift-tools-version:5.4
// 5.4, not later: from 5.5 on, SwiftPM renames an executable's `main` for tests to link
// against and links `main` to that name, so libFuzzer's own `main` would not be used.
import PackageDescription

// libFuzzer targets for diarygen's parsers, one executable per parser. A package of its own
// so that the root package's `swift build` and `swift test` neither build nor link them:
// they only link with libFuzzer, which brings `main`. scripts/fuzz builds them with every
// module instrumented for coverage and AddressSanitizer, and runs them.

let diaryKit = Target.Dependency.product(name: "DiaryKit", package: "diarygen")

/// A target is its `LLVMFuzzerTestOneInput` alone (`-parse-as-library`: no `main` of its own),
/// linked with libFuzzer, whose `main` runs it. Only these link libFuzzer: given to every
/// module (as `-Xswiftc`), its `main` would clash with that of the plugin tool embed-templates.
func fuzzTarget(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
    .executableTarget(name: name, dependencies: dependencies, swiftSettings: [.unsafeFlags(["-parse-as-library"])],
                      linkerSettings: [.unsafeFlags(["-sanitize=fuzzer,address"])])
}

let package = Package(
    name: "diarygen-fuzz",
    dependencies: [.package(name: "diarygen", path: "..")],
    targets: [
        fuzzTarget("FuzzFrontMatter", [diaryKit]),
        fuzzTarget("FuzzMarkdownLinks", [diaryKit]),
        fuzzTarget("FuzzMustache", [.product(name: "Mustache", package: "diarygen")]),
        fuzzTarget("FuzzDaylioCSV", ["ExportDocumentFuzzing"]),
        fuzzTarget("FuzzDayOneJSON", ["ExportDocumentFuzzing"]),
        fuzzTarget("FuzzJrnlJSON", ["ExportDocumentFuzzing"]),
        fuzzTarget("FuzzJourneyJSON", ["ExportDocumentFuzzing"]),
        fuzzTarget("FuzzDaylioBackup", ["ExportDocumentFuzzing"]),
        fuzzTarget("FuzzPhotoDecoding", [diaryKit]),
        fuzzTarget("FuzzSearch", [diaryKit]),
        .target(name: "ExportDocumentFuzzing", dependencies: [diaryKit]),
    ]
)
