// An entry's Markdown (with Obsidian's and Logseq's syntax in it) converted as a build
// converts it, its relative links, [[links]] and images resolved among a few entries and
// assets (ContentLinks) and rewritten; every problem found reading or converting it is
// on a line of the file.
@_spi(Fuzzing) import DiaryKit
import Foundation

// No moods: a missing mood is only a warning, so most inputs reach the converter.
let parser = EntryParser(moods: MoodScale([]))
let file = SourceFile(contentPath: "2025/03/2025-03-04.md", path: "/diary/content/2025/03/2025-03-04.md")
let entryDates = [
    "2025/03/2025-03-05.md": CivilDate(year: 2025, month: 3, day: 5)!,
    "2024/day one.md": CivilDate(year: 2024, month: 2, day: 29)!,
    "2025/03/2025-03-04.md": CivilDate(year: 2025, month: 3, day: 4)!,
]
let assets: Set = ["2025/03/photo.jpg", "media/a b#c.png", "2025/été.heic"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let outcome = parser.parse(file, bytes: bytes)
    guard let header = outcome.header else { return 0 }
    let (_, diagnostics) = Markdown.convert(header, entryDates: entryDates, assets: assets)
    let lines = bytes.count { $0 == 10 || $0 == 13 } + 1
    for problem in diagnostics + outcome.diagnostics {
        precondition(problem.path == file.displayPath && (problem.line ?? 1) >= 1 && (problem.line ?? 1) <= lines, "badly located: \(problem)")
    }
    return 0
}
