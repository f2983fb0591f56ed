// Small exports of the diary apps `diarygen import` reads, made up here, each with
// every oddity real exports have, and what a faithful import must keep of them; and
// crafted ones, as an attacker would send them.
import Foundation
import ZIPFoundation

public enum ImportExports {
    /// Daylio's usual vintage: a byte order mark, a narrow no-break space before PM,
    /// 12- and 24-hour times, activities quoted or not with spaces, `#` and `<`, notes
    /// with quotes, a comma, line breaks, Hebrew and emoji, a custom mood (`sleepy`),
    /// and no line break at the end.
    public static let daylio = "\u{FEFF}full_date,date,weekday,time,mood,activities,note\n"
        + "2020-08-30,August 30,Sunday,9:30\u{202F}PM,rad,\"work | #reading |  <3 \",\"He said \"\"hi\"\".\nשלום עולם 🎉\"\n"
        + "2020-08-30,August 30,Sunday,9:30 PM,good,sport,\n"
        + "2020-08-29,August 29,Saturday,12:05 AM,sleepy, family | friends ,\"comma, inside\"\n"
        + "2020-08-28,August 28,Friday,12:30 PM,awful,,last line without a line break"

    /// The oldest vintage: the year in its own column, `date` as `June 22`, CR LF lines.
    public static let daylioOldest = "year,date,weekday,time,mood,activities,note\r\n"
        + "2018,June 22,Friday,23:35,meh,reading | tv,Old export\r\n"
        + "2018,Dec 31,Monday,8:00 am,bad,,\r\n"

    /// The newest vintage, with `note_title`; a note with a CR LF inside its quotes.
    public static let daylioNewest = "full_date,date,weekday,time,mood,activities,note_title,note\n"
        + "2024-01-02,January 2,Tuesday,21:00,good,\"work | coffee\",\"Title, with comma\",\"Body\r\nline\"\n"

    /// What each Daylio row must become: date, time, mood id, tags, title, note.
    public struct Expected: Sendable {
        public let date: String
        public let time: String
        public let mood: String?
        public let tags: [String]
        public let title: String?
        public let note: String

        public init(date: String, time: String, mood: String?, tags: [String], title: String?, note: String) {
            self.date = date
            self.time = time
            self.mood = mood
            self.tags = tags
            self.title = title
            self.note = note
        }
    }

    public static let daylioExpected: [Expected] = [
        Expected(date: "2020-08-30", time: "21:30", mood: "great", tags: ["work", "#reading", "<3"], title: nil, note: "He said \"hi\".\nשלום עולם 🎉"),
        Expected(date: "2020-08-30", time: "21:30", mood: "good", tags: ["sport"], title: nil, note: ""),
        Expected(date: "2020-08-29", time: "00:05", mood: "okay", tags: ["family", "friends"], title: nil, note: "comma, inside"),
        Expected(date: "2020-08-28", time: "12:30", mood: "awful", tags: [], title: nil, note: "last line without a line break"),
    ]

    /// Day One's Journal.json: an evening in Buenos Aires (the next day in UTC), a late
    /// night under the legacy name US/Pacific with no text, noon in `GMT`; tags, starred,
    /// location, weather and a photo linked as `dayone-moment://`.
    public static let dayOne = """
        {"metadata": {"version": "1.0"}, "entries": [
          {"uuid": "E1", "creationDate": "2020-08-30T01:30:00Z", "timeZone": "America/Buenos_Aires",
           "text": "Evening in Buenos Aires.\\n\\n![](dayone-moment://P1)", "tags": ["travel", "food"], "starred": true,
           "location": {"localityName": "Buenos Aires", "latitude": -34.6, "longitude": -58.38},
           "weather": {"conditionsDescription": "Clear", "temperatureCelsius": 18.5},
           "photos": [{"identifier": "P1", "md5": "0a1b2c3d4e5f60718293a4b5c6d7e8f9", "type": "jpeg"}]},
          {"uuid": "E2", "creationDate": "2020-08-30T06:15:00Z", "timeZone": "US/Pacific", "tags": []},
          {"uuid": "E3", "creationDate": "2020-08-30T12:00:00Z", "timeZone": "GMT", "text": "Noon in \\"GMT\\"."}
        ]}
        """

    public static let dayOneExpected: [Expected] = [
        Expected(date: "2020-08-29", time: "22:30", mood: nil, tags: ["travel", "food"], title: nil, note: "Evening in Buenos Aires.\n\n![](0a1b2c3d4e5f60718293a4b5c6d7e8f9.jpeg)"),
        Expected(date: "2020-08-29", time: "23:15", mood: nil, tags: [], title: nil, note: ""),
        Expected(date: "2020-08-30", time: "12:00", mood: nil, tags: [], title: nil, note: "Noon in \"GMT\"."),
    ]

    /// The photo Day One's export holds at `photos/0a1b2c3d4e5f60718293a4b5c6d7e8f9.jpeg`.
    public static let dayOnePhoto = fixturePhoto("sideways-gps.jpg")

    /// `jrnl --export json`.
    public static let jrnlJSON = """
        {"tags": {"@work": 1}, "entries": [
          {"title": "Shipped it.", "body": "Long day at @work.", "date": "2020-08-29", "time": "11:11", "tags": ["@work"], "starred": false},
          {"title": "Quiet", "body": "", "date": "2020-08-30", "time": "09:00", "tags": [], "starred": true}
        ]}
        """

    public static let jrnlJSONExpected: [Expected] = [
        Expected(date: "2020-08-29", time: "11:11", mood: nil, tags: ["work"], title: "Shipped it.", note: "Long day at @work."),
        Expected(date: "2020-08-30", time: "09:00", mood: nil, tags: [], title: "Quiet", note: ""),
    ]

    /// jrnl's own journal file: a title that is the first sentence, one that is the first
    /// line, a 12-hour time, a starred entry, tags anywhere and an address that is no tag.
    public static let jrnlText = """
        [2020-08-29 11:11] Shipped it. Long day at @work with @Anna.

        [2020-08-29 07:00 PM] Evening walk *
        It rained; mail me@example.com.
        @walk

        [2020-08-30 09:00] Quiet
        """

    public static let jrnlTextExpected: [Expected] = [
        Expected(date: "2020-08-29", time: "11:11", mood: nil, tags: ["work", "anna"], title: "Shipped it.", note: "Long day at @work with @Anna."),
        Expected(date: "2020-08-29", time: "19:00", mood: nil, tags: ["walk"], title: "Evening walk", note: "It rained; mail me@example.com.\n@walk"),
        Expected(date: "2020-08-30", time: "09:00", mood: nil, tags: [], title: "Quiet", note: ""),
    ]

    /// A Day One journal of one entry showing one photo, its fields as given: a crafted
    /// export puts a path where a digest, an extension or an identifier belongs.
    public static func dayOneJournal(md5: String, type: String = "jpeg", identifier: String = "P1") -> String {
        func quoted(_ text: String) -> String { String(decoding: try! JSONEncoder().encode(text), as: UTF8.self) }
        return #"{"entries": [{"uuid": "E1", "creationDate": "2020-08-30T12:00:00Z", "timeZone": "GMT", "text": "![](dayone-moment://P1)", "#
            + #""photos": [{"identifier": \#(quoted(identifier)), "md5": \#(quoted(md5)), "type": \#(quoted(type))}]}]}"#
    }

    /// A .zip at `url` holding `members` (path in the zip, bytes), in this order, the
    /// paths stored exactly as given.
    public static func writeZip(_ members: [(path: String, data: Data)], at url: URL) throws {
        let archive = try Archive(url: url, accessMode: .create, pathEncoding: nil)
        for (path, data) in members {
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
    }
}

extension TestSite {
    /// A name no other test plants, so finding it anywhere means this test's import put it there.
    public static func plantedName() -> String { "escaped-\(UUID().uuidString.prefix(8).lowercased())" }

    /// Where a file whose name holds `planted` is: anywhere in the site folder but the
    /// export itself (`export…`), in each folder above it up to the root, and in the
    /// temporary folder — every place a traversal from content/ could reach.
    public func placesHolding(_ planted: String) -> [String] {
        var found = TestSite.files(in: folder).filter { $0.contains(planted) && !$0.hasPrefix("export") }
        var above: Set<String> = [FileManager.default.temporaryDirectory.standardizedFileURL.path]
        var parent = folder.standardizedFileURL
        while parent.path != "/" {
            parent.deleteLastPathComponent()
            above.insert(parent.path)
        }
        for place in above.sorted() {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: place)) ?? []
            found += names.filter { $0.contains(planted) }.map { place + "/" + $0 }
        }
        return found
    }
}
