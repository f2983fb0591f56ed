// Sources/DiaryKit/Build/: SiteBuild's phases end to end through the library (the URL
// layout, errors before any write, the author's audience) and concurrentMap.
import Foundation
import Testing
@testable import DiaryKit
import TestFixtures

@Suite struct SiteBuildTests {
    @Test func theURLLayoutIsExactlyAsPromised() throws {
        let site = trickyDiary()
        let report = try site.build()
        #expect(report.entries == 14)
        #expect(report.warnings.isEmpty)
        let files = site.outputFiles()
        for month in ["2024/02", "2024/03", "2024/12", "2025/01", "2025/04", "2025/05"] {
            #expect(files.contains("\(month)/index.html"))
            #expect(files.contains("\(month)/recap/index.html"))
            #expect(files.contains("\(month)/recap/moods.svg"))
            #expect(files.contains("\(month)/recap.json"))
        }
        // Months with no entries get no pages.
        #expect(!files.contains { $0.hasPrefix("2024/04/") || $0.hasPrefix("2025/02/") })
        for day in ["2024/02/29", "2024/12/31", "2025/01/01", "2025/01/03", "2025/05/01", "2025/05/02"] {
            #expect(files.contains("\(day)/index.html"))
        }
        for page in ["index.html", "entries/index.html", "2024/index.html", "2025/index.html", "style.css", "media/2025/05/사진.png"] {
            #expect(files.contains(page))
        }
        #expect(!files.contains { $0.contains("hidden") || $0.contains("~") })
    }

    @Test func datesNearMidnightStayOnTheirWrittenDay() throws {
        let site = trickyDiary()
        try site.build()
        #expect(try #require(site.read("2024/12/31/index.html")).contains("Last minute"))
        #expect(try #require(site.read("2025/01/01/index.html")).contains("First second"))
        let json = try #require(site.read("2024/12/recap.json"))
        #expect(json.contains("\"entries\": 1,"))
    }

    @Test func errorsStopTheBuildBeforeTheOutputIsTouched() throws {
        let site = trickyDiary()
        try site.build()
        let before = try #require(site.read("index.html"))
        site.entry("2025/06/2025-06-31.md", mood: "good")
        site.entry("2025/06/2025-06-01.md", mood: "blissful")
        #expect {
            try site.build(today: "2026-01-01")
        } throws: { error in
            let problems = (error as? DiagnosticsError)?.errors.map(\.path) ?? []
            return problems == ["content/2025/06/2025-06-01.md", "content/2025/06/2025-06-31.md"]
        }
        #expect(site.read("index.html") == before)
    }
}

@Suite struct VisibilityTests {
    @Test func theAuthorsBuildStillShowsEverything() throws {
        let site = visibilityDiary()
        try site.build()
        #expect(try #require(site.read("2025/03/03/index.html")).contains("Privatemarker body."))
        #expect(try #require(site.read("2025/03/02/index.html")).contains("Defaultmarker body."))
    }
}

@Suite struct ConcurrentMapTests {
    @Test func keepsOrderAndHandlesEmptyArrays() {
        #expect(Array(0..<5000).concurrentMap { $0 * 3 } == Array(0..<5000).map { $0 * 3 })
        #expect([Int]().concurrentMap { $0 } == [])
    }

    @Test func twoBuildsOfTheSameDiaryAreByteIdentical() throws {
        let first = trickyDiary(), second = trickyDiary()
        try first.build()
        try second.build()
        #expect(try snapshot(first.output) == snapshot(second.output))
    }
}
