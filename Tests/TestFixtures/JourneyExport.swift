// Journey's JSON export (a zip of `<id>.json`, one for each entry, beside the files their
// `photos` name), made up here with the oddities a real one has, and what a faithful
// import must make of it. Its fields are those real exports have.
import Foundation

public enum JourneyExportZip {
    public static let jpeg = fixturePhoto("sideways-gps.jpg")
    public static let png = fixturePhoto("screenshot.png")

    /// The ids, in the zip's name order, which is the entries' numbers: Journey's ids start
    /// with the time the entry was made, in milliseconds.
    public static let newYearID = "1704036600000-nyeseoul", londonID = "1709240400000-leaplondon", angelesID = "1709265600000-leapangeles"
    public static let beforeDSTID = "1710052200000-dstbefore", afterDSTID = "1710055800000-dstafter", seoulID = "1710513000000-seoulnight"
    public static let seoulPhotos = ["\(seoulID)-a1.jpg", "\(seoulID)-b2.png"]
    public static let recording = "\(seoulID)-c3.m4a"

    /// The zip's files beside the entries: two photos and a recording of the Seoul entry.
    public static let files: [(path: String, data: Data)] = [
        (seoulPhotos[0], jpeg), (seoulPhotos[1], png), (recording, Data("ID3 not a photo".utf8)),
    ]

    /// 00:30 on 1 January in Seoul (still the old year in UTC), in Korean, without a `type`
    /// as older exports have it; 29 February in London (starred, a place, weather, music,
    /// no sentiment) and in Los Angeles (1 March in UTC; no place and no weather, as Journey
    /// writes them); 01:30 and 03:30 in New York on the day its clocks went forward, the
    /// second in Markdown; 23:30 in Seoul (14:30 UTC) with bold, italic, a link, a list,
    /// entities, a script, two photos and a recording. Five sentiments.
    public static func entries() -> [[String: Any]] {
        func entry(_ id: String, _ zone: String, text: String, type: String? = "html", sentiment: Double? = nil,
                   tags: [String] = [], photos: [String] = []) -> [String: Any] {
            let milliseconds = Int(id.prefix(13))!
            var entry: [String: Any] = [
                "id": id, "date_journal": milliseconds, "date_modified": milliseconds + 60_000, "timezone": zone,
                "text": text, "preview_text": String(text.prefix(20)), "tags": tags, "photos": photos, "favourite": false,
                "label": "", "folder": "", "music_title": "", "music_artist": "", "address": "",
            ]
            if let type { entry["type"] = type }
            if let sentiment { entry["sentiment"] = sentiment }
            return entry
        }
        var london = entry(londonID, "Europe/London", text: "<p dir=\"auto\">Leap day\nin London.</p>", tags: ["leap"])
        london.merge(["favourite": true, "mood": 3, "address": "Fleet Street, London", "lat": 51.5142, "lon": -0.1070,
                      "weather": ["degree_c": 9.4, "description": "Overcast clouds", "place": "London", "icon": "03n", "id": -1],
                      "music_title": "Waterloo Sunset", "music_artist": "The Kinks"]) { $1 }
        var angeles = entry(angelesID, "America/Los_Angeles", text: "<p dir=\"auto\">Leap evening in LA.</p><p dir=\"auto\"></p>", sentiment: 0.5)
        angeles.merge(["lat": Double.greatestFiniteMagnitude, "lon": Double.greatestFiniteMagnitude,
                       "weather": ["degree_c": Double.greatestFiniteMagnitude, "description": "", "place": "", "icon": "", "id": -1]]) { $1 }
        var seoul = entry(seoulID, "Asia/Seoul", text: "<p dir=\"auto\"><strong>Late</strong> walk by the <em>river</em> &amp; a "
            + "<a href=\"https://example.com/a_(b)?x=1&amp;y=2\">map</a>.</p>\n<ul><li>tea</li><li>rain &lt;3</li></ul>\n"
            + "<p dir=\"auto\">Done<script>alert(\"x\")</script> &#128512;</p>",
            sentiment: 1.25, tags: ["river", "밤", "river "], photos: seoulPhotos + [recording])
        seoul["mood"] = 4
        return [
            entry(newYearID, "Asia/Seoul", text: "<p dir=\"auto\">새해 첫 <b>산책</b>, 눈이 왔다.</p>", type: nil, sentiment: 1.5, tags: ["새해", "walk"]),
            london,
            angeles,
            entry(beforeDSTID, "America/New_York", text: "", sentiment: 1),
            entry(afterDSTID, "America/New_York", text: "# Spring forward\n\n- lost an *hour*", type: "markdown", sentiment: 0.75),
            seoul,
        ]
    }

    /// `entries()` with one field of one entry set to `value` (nil removes it).
    public static func entries(_ index: Int, setting key: String, to value: Any?) -> [[String: Any]] {
        var entries = entries()
        entries[index][key] = value
        return entries
    }

    /// Each sentiment the export has, mapped to the default moods: Journey's own scale is
    /// the writer's to map.
    public static let moodArguments = ["sentiment 0.5=awful", "sentiment 0.75=bad", "sentiment 1=okay", "sentiment 1.25=good", "sentiment 1.5=great"]

    /// What a faithful import makes of each entry, mapped by `moodArguments`.
    public static let expected: [ImportExports.Expected] = [
        .init(date: "2024-01-01", time: "00:30", mood: "great", tags: ["새해", "walk"], title: nil, note: "새해 첫 **산책**, 눈이 왔다."),
        .init(date: "2024-02-29", time: "21:00", mood: nil, tags: ["leap"], title: nil, note: "Leap day in London."),
        .init(date: "2024-02-29", time: "20:00", mood: "awful", tags: [], title: nil, note: "Leap evening in LA."),
        .init(date: "2024-03-10", time: "01:30", mood: "okay", tags: [], title: nil, note: ""),
        .init(date: "2024-03-10", time: "03:30", mood: "bad", tags: [], title: nil, note: "# Spring forward\n\n- lost an *hour*"),
        .init(date: "2024-03-15", time: "23:30", mood: "good", tags: ["river", "밤"], title: nil,
              note: "**Late** walk by the *river* \\& a [map](https://example.com/a_%28b%29?x=1&y=2).\n\n- tea\n- rain \\<3\n\nDone 😀\n\n"
                + "![](\(seoulPhotos[0]))\n![](\(seoulPhotos[1]))"),
    ]

    /// A zip at `url` holding each entry as `<id>.json` (or as `documents` gives it, by
    /// entry index) and `files`.
    public static func write(_ entries: [[String: Any]] = entries(), documents: [Int: Data] = [:],
                             files: [(path: String, data: Data)] = files, at url: URL) throws {
        var members: [(path: String, data: Data)] = []
        for (index, entry) in entries.enumerated() {
            let json = try documents[index] ?? JSONSerialization.data(withJSONObject: entry, options: [.sortedKeys])
            members.append(("\(entry["id"] as! String).json", json))
        }
        try ImportExports.writeZip(members + files, at: url)
    }
}
