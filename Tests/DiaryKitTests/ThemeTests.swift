// Sources/DiaryKit/Rendering/Theme.swift and Layout/MoodFace.swift: built-in themes
// chosen with `theme:`, laid over style.css, overridden file by file; drawn faces.
import Foundation
import Testing
@testable import DiaryKit
import TestFixtures

@Suite struct ThemeTests {
    @Test func theBuiltInThemesAreThree() {
        #expect(Theme.builtInNames == ["default", "night", "paper"])
    }

    @Test func aThemeIsLaidOverTheStylesheet() throws {
        let site = TestSite()
        let plain = try Theme.load(from: SiteFolder(site.folder))
        let paper = try Theme.load(from: SiteFolder(site.folder), named: "paper")
        #expect(plain.stylesheet == Theme.builtIn.files["style.css"])
        #expect(paper.stylesheet.hasPrefix(plain.stylesheet))
        #expect(paper.stylesheet.contains("/* The paper theme */") && paper.stylesheet.contains("Georgia"))
    }

    @Test func aSitesOwnFilesReplaceAThemesFileByFile() throws {
        let site = TestSite()
        site.write("templates/themes/paper.css", ":root { --bg: #123456; }\n")
        site.write("templates/themes/mine.css", ":root { --bg: #abcdef; }\n")
        #expect(try Theme.load(from: SiteFolder(site.folder), named: "paper").stylesheet.hasSuffix(":root { --bg: #123456; }\n"))
        #expect(try Theme.load(from: SiteFolder(site.folder), named: "mine").stylesheet.hasSuffix(":root { --bg: #abcdef; }\n"))
        #expect(throws: DiagnosticsError.self) { try Theme.load(from: SiteFolder(site.folder), named: "sepia") }
    }

    @Test func theThemeAndTheIconsAreSettingsThatRebuildEveryPage() throws {
        let site = TestSite()
        site.entry("2025/03/2025-03-01.md", mood: "great")
        site.entry("2025/03/2025-03-02.md", mood: "awful")
        try site.build()
        site.write("diarygen.yml", "theme: night\nmood_icons: faces\n")
        try site.build()
        let calendar = try #require(site.read("2025/03/index.html"))
        #expect(calendar.contains("<svg class=\"face\"") && !calendar.contains("😄"))
        #expect(try #require(site.read("style.css")).contains("/* The night theme */"))
        site.write("diarygen.yml", "theme: sepia\n")
        #expect(throws: DiagnosticsError.self) { try site.build() }
        site.write("diarygen.yml", "mood_icons: drawings\n")
        #expect(throws: DiagnosticsError.self) { try site.build() }
    }

    @Test func aFaceSmilesForTheBestMoodAndFrownsForTheWorst() {
        let mouth = { (id: String) -> Double in
            let svg = MoodFace.svg(defaultScale.match(id)!, on: defaultScale)
            let bend = svg.split(separator: "Q12 ")[1].prefix { $0 != " " }
            return Double(bend)!
        }
        // The mouth's middle below its ends (15) smiles; above them, frowns.
        #expect(mouth("great") > mouth("good") && mouth("good") > mouth("okay"))
        #expect(mouth("okay") == 15)
        #expect(mouth("bad") > mouth("awful") && mouth("awful") < 15)
    }
}
