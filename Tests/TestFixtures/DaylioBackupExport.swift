// Daylio's backup (a .daylio zip: `backup.daylio`, base64 of the JSON, and the photos under
// assets/photos/YEAR/MONTH/CHECKSUM), made up here with every oddity a real one has, and
// what a faithful import must make of it. Its fields are those real backups have.
import Foundation

public enum DaylioBackupExport {
    public static let jpegChecksum = "0a1b2c3d4e5f60718293a4b5c6d7e8f9"
    public static let pngChecksum = "ffeeddccbbaa99887766554433221100"
    public static let jpeg = fixturePhoto("sideways-gps.jpg")
    public static let png = fixturePhoto("screenshot.png")

    /// The photos where Daylio keeps them: by year and month, named by checksum alone.
    public static let photos: [(path: String, data: Data)] = [
        ("assets/photos/2024/1/\(jpegChecksum)", jpeg),
        ("assets/photos/2024/1/\(pngChecksum)", png),
    ]

    /// Daylio's five moods and a custom one in each level (`anxious` deleted, state 1);
    /// activities, one archived and `work` used by four entries; two photos and a voice
    /// recording. The entries, newest first as Daylio keeps them: the last minute of 2024
    /// at +09:00; two on 29 February 2024 in the same minute at -05:00, the first with a
    /// Korean title and a note in Daylio's markup (entities among it) and both photos;
    /// a list; a plain note with a line break at +05:30; one of Daylio's own moods.
    public static func backup() -> [String: Any] {
        func mood(_ id: Int, _ name: String, level: Int, state: Int = 0) -> [String: Any] {
            ["id": id, "custom_name": name, "mood_group_id": level, "mood_group_order": name.isEmpty ? 0 : 1, "icon_id": id,
             "predefined_name_id": name.isEmpty ? level : -1, "state": state, "createdAt": 1_704_067_200_000]
        }
        func tag(_ id: Int, _ name: String, state: Int = 0) -> [String: Any] {
            ["id": id, "name": name, "createdAt": 1_704_067_200_000, "icon": id, "order": id, "state": state, "id_tag_group": 1]
        }
        func entry(_ id: Int, _ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, datetime: Int, offset: Int,
                   mood: Int, tags: [Int], note: String = "", title: String = "", assets: [Int] = []) -> [String: Any] {
            ["id": id, "minute": minute, "hour": hour, "day": day, "month": month - 1, "year": year, "datetime": datetime,
             "timeZoneOffset": offset, "mood": mood, "note": note, "note_title": title, "tags": tags, "assets": assets]
        }
        let hour = 3_600_000
        return [
            "version": 15,
            "customMoods": [mood(1, "", level: 1), mood(2, "", level: 2), mood(3, "", level: 3), mood(4, "", level: 4), mood(5, "", level: 5),
                            mood(6, "ecstatic", level: 1), mood(7, "content", level: 2), mood(8, "sleepy", level: 3),
                            mood(9, "anxious", level: 4, state: 1), mood(10, "exhausted", level: 5)],
            "tags": [tag(11, "work"), tag(12, "family"), tag(13, "독서"), tag(14, "gym", state: 1)],
            "assets": [
                ["id": 21, "checksum": jpegChecksum, "type": 1, "createdAt": 1_709_260_000_000, "createdAtOffset": -5 * hour,
                 "android_metadata": "{\"Name\":\"PXL_20240229.jpg\",\"LastModified\":1709260000000,\"Orientation\":0}"],
                ["id": 22, "checksum": pngChecksum, "type": 1, "createdAt": 1_709_260_000_000, "createdAtOffset": -5 * hour],
                ["id": 23, "checksum": "00112233445566778899aabbccddeeff", "type": 2, "createdAt": 1_709_445_600_000, "createdAtOffset": hour],
            ],
            "dayEntries": [
                entry(501, 2024, 12, 31, 23, 59, datetime: 1_735_657_140_000, offset: 9 * hour, mood: 6, tags: [11], note: "Last minute of the year."),
                entry(502, 2024, 2, 29, 21, 30, datetime: 1_709_260_200_000, offset: -5 * hour, mood: 8, tags: [11, 13],
                      note: "<b>오늘은</b> 정말 <i>좋은 </i>하루.<br>산책&nbsp;했다 &amp; 커피 &lt;3<br><br>&#54620;&#44544; 끝 &#55357;&#56832;",
                      title: "윤일 산책 🌙", assets: [21, 22]),
                entry(503, 2024, 2, 29, 21, 30, datetime: 1_709_260_200_000, offset: -5 * hour, mood: 7, tags: [11, 12],
                      note: "Second entry, <u>same</u> minute: 2 * 3 = 6 <script>x</script>"),
                entry(504, 2024, 3, 1, 8, 5, datetime: 1_709_280_300_000, offset: 0, mood: 9, tags: [14, 11], note: "<ul><li>milk</li><li>eggs</li></ul>Done"),
                entry(505, 2024, 3, 2, 12, 0, datetime: 1_709_361_000_000, offset: 11 * hour / 2, mood: 10, tags: [], note: "Plain\nold note"),
                entry(506, 2024, 3, 3, 7, 0, datetime: 1_709_445_600_000, offset: hour, mood: 3, tags: [12], assets: [23]),
            ],
            "metadata": ["number_of_entries": 6, "created_at": 1_709_500_000_000, "is_auto_backup": false, "platform": "android",
                         "android_version": 15, "number_of_photos": 2, "photos_size": jpeg.count + png.count],
        ]
    }

    /// `backup()` with one field of one object of one of its lists set to `value`:
    /// (`dayEntries`, 2, `mood`, 99) gives the third entry an unknown mood.
    public static func backup(_ list: String, _ index: Int, setting key: String, to value: Any) -> [String: Any] {
        var backup = backup()
        var items = backup[list] as! [[String: Any]]
        items[index][key] = value
        backup[list] = items
        return backup
    }

    /// What a faithful import makes of each entry, with the default moods.
    public static let expected: [ImportExports.Expected] = [
        .init(date: "2024-12-31", time: "23:59", mood: "great", tags: ["work"], title: nil, note: "Last minute of the year."),
        .init(date: "2024-02-29", time: "21:30", mood: "okay", tags: ["work", "독서"], title: "윤일 산책 🌙",
              note: "**오늘은** 정말 *좋은* 하루.\\\n산책 했다 \\& 커피 \\<3\n\n한글 끝 😀\n\n![](\(jpegChecksum).jpeg)\n![](\(pngChecksum).png)"),
        .init(date: "2024-02-29", time: "21:30", mood: "good", tags: ["work", "family"], title: nil, note: "Second entry, same minute: 2 \\* 3 = 6"),
        .init(date: "2024-03-01", time: "08:05", mood: "bad", tags: ["gym", "work"], title: nil, note: "- milk\n- eggs\n\nDone"),
        .init(date: "2024-03-02", time: "12:00", mood: "awful", tags: [], title: nil, note: "Plain\\\nold note"),
        .init(date: "2024-03-03", time: "07:00", mood: "okay", tags: ["family"], title: nil, note: ""),
    ]

    /// A .daylio at `url` holding `backup.daylio` (the JSON of `backup` as base64, in lines
    /// of 76 as Android writes it, or `encoded` as given) and `photos`.
    public static func write(_ backup: [String: Any] = backup(), encoded: Data? = nil,
                             photos: [(path: String, data: Data)] = photos, at url: URL) throws {
        let json = try JSONSerialization.data(withJSONObject: backup, options: [.sortedKeys])
        let document = encoded ?? Data(json.base64EncodedString(options: [.lineLength76Characters, .endLineWithLineFeed]).utf8)
        try ImportExports.writeZip([("backup.daylio", document)] + photos, at: url)
    }
}
