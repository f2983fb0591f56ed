// An entry file's bytes through the front-matter reader: YAML or TOML front-matter,
// Dataview inline fields. Every input gives an entry or a located error.
import DiaryKit
import Foundation

let parser = EntryParser(moods: MoodScale(SiteConfig.defaultMoods.map {
    Mood(id: $0.id, label: $0.id, emoji: $0.emoji, color: $0.color, score: $0.score, aliases: $0.aliases)
}))
let file = SourceFile(contentPath: "2025/2025-03-04.md", path: "/diary/content/2025/2025-03-04.md")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let outcome = parser.parse(file, bytes: bytes)
    let lines = bytes.count { $0 == 10 || $0 == 13 } + 1
    for problem in outcome.diagnostics {
        precondition(problem.path == file.displayPath && !problem.message.isEmpty, "unlocated: \(problem)")
        precondition((problem.line ?? 1) >= 1 && (problem.line ?? 1) <= lines, "line out of the file: \(problem)")
    }
    if outcome.header == nil {
        precondition(outcome.diagnostics.contains { $0.severity == .error }, "no entry and no error")
    }
    return 0
}
