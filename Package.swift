// swift-tools-version:6.0
import PackageDescription

// A build allocates on both cores at once; with jemalloc (Debian's libjemalloc-dev) in place
// of glibc's malloc, a full build of the benchmark diary took about a tenth less time.
let jemalloc: [LinkerSetting] = [.linkedLibrary("jemalloc", .when(platforms: [.linux]))]

let package = Package(
    name: "diarygen",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "diarygen", targets: ["diarygen"]),
        // `diarygen preview` runs this program, installed beside diarygen.
        .executable(name: "diarygen-preview", targets: ["diarygen-preview"]),
        .library(name: "DiaryKit", targets: ["DiaryKit"]),
        // For the fuzz package in Fuzz/, which fuzzes the template engine on its own.
        .library(name: "Mustache", targets: ["Mustache"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", exact: "0.9.20"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        .systemLibrary(
            name: "CXXHash",
            pkgConfig: "libxxhash",
            providers: [.apt(["libxxhash-dev"])]
        ),
        // libvips, which decodes, turns upright, shrinks and encodes photos (HEIC through
        // libheif): loaded when a build first meets a photo (Debian's libvips42), not linked.
        .target(name: "CVips"),
        // Keeps libcmark-gfm from unmarking its extensions' characters after each parse,
        // so that entries are parsed on every core at once (Entries/Markdown.swift).
        .target(name: "CCmarkMarks"),
        // Gives each thread's cmark-gfm documents memory of their own, let go at once
        // when the entry is converted (Entries/Markdown.swift).
        .target(name: "CCmarkArena"),
        // Turns templates/ into Swift source so the binary carries its own theme.
        .executableTarget(name: "embed-templates"),
        .plugin(
            name: "EmbedTemplates",
            capability: .buildTool(),
            dependencies: ["embed-templates"]
        ),
        // The template engine, apart so it can be read and tested on its own.
        .target(name: "Mustache"),
        .target(
            name: "DiaryKit",
            dependencies: [
                "Mustache",
                "CCmarkGFM",
                "CXXHash",
                "CVips",
                "CCmarkMarks",
                "CCmarkArena",
                .product(name: "Yams", package: "Yams"),
                // Hugo's `+++` front-matter.
                .product(name: "TOMLKit", package: "TOMLKit"),
                // Reads Day One's export .zip for `diarygen import`.
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                // The sealed site: AES-256-GCM, HMAC and HKDF (Crypto), PBKDF2 (CryptoExtras).
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
            ],
            plugins: ["EmbedTemplates"]
        ),
        // The preview server lives apart so the site builder does not link a web server.
        .target(
            name: "DiaryPreview",
            dependencies: [
                "DiaryKit",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Every command, as both programs below parse them.
        .target(
            name: "DiaryCommands",
            dependencies: ["DiaryKit", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // Every command but `preview`, which it hands to diarygen-preview: without the preview
        // server's libraries (Hummingbird, SwiftNIO), whose 2,200 protocol conformances the
        // runtime searched through at every command's start, a rebuild took 4 ms less.
        .executableTarget(
            name: "diarygen",
            dependencies: ["DiaryCommands", "CAllocatorOptions"],
            linkerSettings: jemalloc
        ),
        // jemalloc's options for diarygen (options.c says which, and why).
        .target(name: "CAllocatorOptions"),
        // The same commands, with the preview server that `diarygen preview` runs.
        .executableTarget(
            name: "diarygen-preview",
            dependencies: ["DiaryCommands", "DiaryPreview", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            linkerSettings: jemalloc
        ),
        // The diaries and the site folder helper both test targets build on; public DiaryKit API only.
        .target(
            name: "TestFixtures",
            // ZIPFoundation writes the Day One export .zips the import tests read.
            dependencies: ["DiaryKit", .product(name: "ZIPFoundation", package: "ZIPFoundation")],
            path: "Tests/TestFixtures"
        ),
        // Unit tests, one file per folder of Sources/DiaryKit, and builds through the library.
        .testTarget(
            name: "DiaryKitTests",
            dependencies: ["DiaryKit", "TestFixtures"]
        ),
        // Tests that start the diarygen executable (which `swift test` builds with the
        // rest of the package), nginx, rsync, or Chromium through scripts/check-pages.
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["DiaryKit", "TestFixtures"]
        ),
        .testTarget(
            name: "MustacheTests",
            dependencies: ["Mustache"]
        ),
    ]
)
