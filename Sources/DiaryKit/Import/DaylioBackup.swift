import Foundation

/// Daylio's backup (More → Backup & Restore → Advanced options → Export): a zip named
/// `….daylio` holding `backup.daylio`, which is base64 of a JSON document, and the photos
/// as `assets/photos/YEAR/MONTH/CHECKSUM`, without an extension. In the JSON, each of
/// `dayEntries` has the date and time Daylio shows (`year`, `month` from 0, `day`, `hour`,
/// `minute`) and `timeZoneOffset` (milliseconds east of UTC); `mood`, an id of
/// `customMoods`, whose `mood_group_id` 1 to 5 is its level (rad to awful) and whose
/// `custom_name` is empty for Daylio's own five; `tags`, ids of `tags` (Daylio's
/// activities); `note_title`; `note` (NoteHTML); and `assets`, ids of `assets`, whose
/// `type` 1 is a photo, found by its `checksum`.
enum DaylioBackup {
    /// The JSON's file in the zip.
    static let documentName = "backup.daylio"
    /// Where the zip keeps photos, in a folder for each year and month.
    static let photoFolder = "assets/photos"
    /// An asset's `type` for a photo (2 is a voice recording).
    private static let photoType = 1

    /// Every entry of the backup, or every problem found, each with the entry's number and
    /// Daylio's id (`entry 3 (Daylio id 15024): …`); what is not brought over (a voice
    /// recording) as warnings. `photoPaths` are the zip's files under `photoFolder`;
    /// `leadingBytes` reads the start of one, which tells what image it is.
    static func entries(_ encoded: Data, path: String, photoPaths: Set<String>,
                        leadingBytes: (String) throws(DiagnosticsError) -> [UInt8],
                        fieldLimit: Int = ExportLimits.standard.fieldBytes)
        throws(DiagnosticsError) -> (entries: [ImportedEntry], warnings: [Diagnostic]) {
        let backup = try json(encoded, path: path, fieldLimit: fieldLimit)
        guard let list = backup["dayEntries"]?.items else {
            throw DiagnosticsError([.error(path, "this is not a Daylio backup: its JSON has no `dayEntries` list")])
        }
        let moods = byID(backup["customMoods"]), tags = byID(backup["tags"]), assets = byID(backup["assets"])
        // The checksum alone names a photo: which year and month folder it is in does not matter.
        var photos: [String: String] = [:]
        for photoPath in photoPaths.sorted() {
            let name = String(photoPath[photoPath.index(after: photoPath.lastIndex(of: "/")!)...])
            if photos[name] == nil { photos[name] = photoPath }
        }

        var entries: [ImportedEntry] = []
        var problems: [Diagnostic] = []
        for (index, item) in list.enumerated() {
            let number = index + 1
            let label = "entry \(number)" + (item["id"]?.integer.map { " (Daylio id \($0))" } ?? "")
            let problemsBefore = problems.count
            func fail(_ message: String) { problems.append(.error(path, "\(label): \(message)")) }

            let time = civilTime(of: item)
            if case .failure(let problem) = time { fail(problem.message) }
            let mood = mood(of: item, moods: moods)
            if case .failure(let problem) = mood { fail(problem.message) }

            var tagNames: [String] = []
            for tag in item["tags"]?.items ?? [] {
                guard let name = tag.integer.flatMap({ tags[$0] })?["name"]?.text else {
                    fail("its activity \(JSONValue.shown(tag)) is not among the backup's `tags`")
                    continue
                }
                let trimmed = name.trimmingSpaces
                if !trimmed.isEmpty, !tagNames.contains(trimmed) { tagNames.append(trimmed) }
            }

            var attachments: [ImportedEntry.Attachment] = []
            for asset in item["assets"]?.items ?? [] {
                guard let id = asset.integer, let fields = assets[id] else {
                    fail("its asset \(JSONValue.shown(asset)) is not among the backup's `assets`")
                    continue
                }
                guard fields["type"]?.integer == photoType else {
                    problems.append(.warning(path, "\(label): asset \(id) is not a photo (its `type` is \(JSONValue.shown(fields["type"]))), so it is not brought over"))
                    continue
                }
                do throws(DiagnosticsError) {
                    let photo = try photo(fields, id: id, photos: photos, leadingBytes: leadingBytes, path: path, label: label)
                    if !attachments.contains(photo) { attachments.append(photo) }
                } catch {
                    problems += error.diagnostics
                }
            }

            guard problems[problemsBefore...].allSatisfy({ $0.severity != .error }),
                  case .success(let (date, seconds, offset)) = time, case .success(let (name, level)) = mood else { continue }
            var body = NoteHTML.markdown(item["note"]?.text ?? "")
            // Several photos one per line in one paragraph: the site shows them as a gallery.
            if !attachments.isEmpty { body += (body.isEmpty ? "" : "\n\n") + attachments.map { "![](\($0.name))" }.joined(separator: "\n") }
            let title = item["note_title"]?.text?.trimmingSpaces ?? ""
            var extra = [FrontMatterField("daylio_mood", .text(name))]
            if let id = item["id"]?.integer { extra.insert(FrontMatterField("daylio_id", .number(String(id))), at: 0) }
            entries.append(ImportedEntry(
                number: number, date: date, secondsIntoDay: seconds, utcOffset: offset, moodName: name,
                fallbackMoodName: name == level ? nil : level, title: title.isEmpty ? nil : title, tags: tagNames,
                body: body, extraFields: extra, attachments: attachments))
        }
        let errors = problems.filter { $0.severity == .error }
        guard errors.isEmpty else { throw DiagnosticsError(errors) }
        return (entries, problems)
    }

    /// A problem with one field of an entry, said as its message.
    private struct Problem: Error {
        let message: String
    }

    /// The entry's date, seconds into the day and UTC offset (seconds east), as Daylio shows them.
    private static func civilTime(of item: JSONValue) -> Result<(CivilDate, Int, Int?), Problem> {
        guard let year = item["year"]?.integer, let month = item["month"]?.integer, let day = item["day"]?.integer,
              let hour = item["hour"]?.integer, let minute = item["minute"]?.integer else {
            return .failure(Problem(message: "its `year`, `month`, `day`, `hour` and `minute` are not all whole numbers"))
        }
        // Daylio counts months from 0, as Java's calendar does.
        guard (1...9999).contains(year), let date = CivilDate(year: year, month: month + 1, day: day) else {
            return .failure(Problem(message: "year \(year), month \(month) (0 is January) and day \(day) are no date"))
        }
        guard (0..<24).contains(hour), (0..<60).contains(minute) else {
            return .failure(Problem(message: "hour \(hour) and minute \(minute) are no time of day"))
        }
        let seconds = hour * 3600 + minute * 60
        switch item["timeZoneOffset"] {
        case nil, .null?:
            return .success((date, seconds, nil))
        case let written?:
            guard let milliseconds = written.integer, milliseconds % 60_000 == 0, abs(milliseconds) <= 18 * 3_600_000 else {
                return .failure(Problem(message: "its `timeZoneOffset` \(JSONValue.shown(written)) is no UTC offset (whole minutes in milliseconds, 18 hours at most)"))
            }
            return .success((date, seconds, milliseconds / 1000))
        }
    }

    /// The entry's mood as Daylio names it (a custom name, or its level's for Daylio's own
    /// five), and the default name of its level.
    private static func mood(of item: JSONValue, moods: [Int: JSONValue]) -> Result<(String, String), Problem> {
        guard let id = item["mood"]?.integer, let mood = moods[id] else {
            return .failure(Problem(message: "its mood \(JSONValue.shown(item["mood"])) is not among the backup's `customMoods`"))
        }
        guard let group = mood["mood_group_id"]?.integer, (1...5).contains(group) else {
            return .failure(Problem(message: "its mood \(id) has no `mood_group_id` from 1 (rad) to 5 (awful)"))
        }
        let level = MoodMapping.daylioLevels[group - 1], custom = mood["custom_name"]?.text?.trimmingSpaces ?? ""
        return .success((custom.isEmpty ? level : custom, level))
    }

    /// The photo an asset names, checked before its checksum becomes part of a path: the
    /// checksum must be one, its file in the zip, and that file an image diarygen shows.
    private static func photo(_ fields: JSONValue, id: Int, photos: [String: String],
                              leadingBytes: (String) throws(DiagnosticsError) -> [UInt8],
                              path: String, label: String) throws(DiagnosticsError) -> ImportedEntry.Attachment {
        func problem(_ message: String) -> DiagnosticsError { DiagnosticsError([.error(path, "\(label): photo \(id): \(message)")]) }
        guard let checksum = fields["checksum"]?.text else { throw problem("no `checksum`") }
        guard (32...128).contains(checksum.count), checksum.allSatisfy({ $0.isASCII && $0.isHexDigit }) else {
            throw problem("`checksum` is `\(PlainName.shown(checksum))`, not a checksum (32 to 128 hexadecimal digits)")
        }
        guard let exportPath = photos[checksum] else { throw problem("its file \(checksum) is not in the backup's \(photoFolder)/") }
        guard let fileExtension = Photo.fileExtension(ofImageStartingWith: try leadingBytes(exportPath)) else {
            throw problem("\(exportPath) is not an image diarygen shows (JPEG, PNG, WebP, GIF, TIFF, HEIC or AVIF)")
        }
        return ImportedEntry.Attachment(exportPath: exportPath, name: "\(checksum).\(fileExtension)")
    }

    /// The backup's JSON from its base64.
    private static func json(_ encoded: Data, path: String, fieldLimit: Int) throws(DiagnosticsError) -> JSONValue {
        // Android writes base64 in lines.
        let base64 = encoded.filter { !" \t\r\n".utf8.contains($0) }
        guard let json = Data(base64Encoded: base64) else {
            throw DiagnosticsError([.error(path, "this is not a Daylio backup: Daylio writes its JSON as base64, and this is not base64")])
        }
        return try JSONValue.read(json, path: path, fieldLimit: fieldLimit, subject: "what its base64 holds")
    }

    /// A list's objects by their `id`.
    private static func byID(_ list: JSONValue?) -> [Int: JSONValue] {
        var objects: [Int: JSONValue] = [:]
        for item in list?.items ?? [] {
            if let id = item["id"]?.integer, objects[id] == nil { objects[id] = item }
        }
        return objects
    }
}
