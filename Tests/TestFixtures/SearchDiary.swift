// The diary both search suites read: Korean, Japanese, Chinese and English words,
// "café" precomposed and decomposed, a year boundary, a draft and a private entry.
import Foundation

/// Eight entries, 30 December 2024 to 5 January 2025 (one a day, two on 2 January),
/// one of them a draft.
public func searchDiary() -> TestSite {
    let site = TestSite()
    site.entry("2024/12/2024-12-30.md", mood: "okay", title: "Quiet morning", tags: ["home"],
               body: "A quiet morning at home.\nRain all day.")
    site.entry("2024/12/2024-12-31.md", mood: "great", tags: ["travel"],
               body: "東京に行った。\n\n강변을 산책했다. Walked far.")
    site.entry("2025/01/2025-01-01.md", mood: "good", title: "새해", tags: ["travel", "family"],
               body: "공원에서 산책을 했다.\nThe morning was quiet.")
    site.entry("2025/01/2025-01-02.md", mood: "okay", body: "책을 읽었다. 京都は遠い。\nA café, then rain.")
    site.entry("2025/01/2025-01-02-evening.md", date: "2025-01-02T21:00", mood: "good", tags: ["books"],
               body: "Reading about 北京 and the walking trails.")
    site.entry("2025/01/2025-01-03.md", mood: "bad", body: "The cafe\u{301} was closed.\nNo WALK today.")
    site.write("content/2025/01/2025-01-04.md", "---\nmood: great\ndraft: true\n---\n\nA draft: 산책 and a walk in 東京.\n")
    site.write("content/2025/01/2025-01-05.md", "---\nmood: awful\nprivate: true\ntitle: Alone\n---\n\nWalked alone in 東京.\n")
    return site
}
