import Foundation

/// Journey's export (journey.cloud: Export / Backup → JSON): a zip of one JSON file per
/// entry, `<id>.json`, beside the files the entries' `photos` name. An entry has its `id`;
/// `date_journal`, milliseconds since 1970 in UTC, and `timezone`, the IANA zone it was
/// written in; `text`, HTML (`type` `html`, and older exports without a `type`) or
/// Markdown (`markdown`); `tags`; `photos`, file names in the zip, recordings and videos
/// among them; `sentiment`, the mood picked for it, a number; `mood`, another number;
/// `favourite`; `lat`, `lon` (out of range when the entry has no place) and `address`;
/// `weather` (`degree_c` out of range when there is none); `music_title` and
/// `music_artist`; `label` and `folder`. `preview_text` (the start of `text`) and
/// `date_modified` are not kept.
enum JourneyExport {
    /// Every entry of the export, or every problem found, each with the entry's number and
    /// file (`entry 3 (1571425138176-lflfuesv9vkzmsu6.json): …`), said of `location`; what
    /// is not brought over (a recording) as warnings. `documents` are the zip's JSON files;
    /// `holds` tells whether the zip has a file, `leadingBytes` reads the start of one. An
    /// entry without a `timezone` is placed in `fallbackZone`, the diary's own.
    static func entries(_ documents: [(path: String, data: Data)], location: String, fallbackZone: TimeZone,
                        holds: (String) -> Bool, leadingBytes: (String) throws(DiagnosticsError) -> [UInt8],
                        fieldLimit: Int = ExportLimits.standard.fieldBytes)
        throws(DiagnosticsError) -> (entries: [ImportedEntry], warnings: [Diagnostic]) {
        var entries: [ImportedEntry] = []
        var problems: [Diagnostic] = []
        for (index, document) in documents.enumerated() {
            let number = index + 1
            let label = "entry \(number) (\(document.path.split(separator: "/").last.map(String.init) ?? document.path))"
            let problemsBefore = problems.count
            func fail(_ message: String) { problems.append(.error(location, "\(label): \(message)")) }

            let item: JSONValue
            do throws(DiagnosticsError) {
                item = try JSONValue.read(document.data, path: location, fieldLimit: fieldLimit)
            } catch {
                error.diagnostics.forEach { fail($0.message) }
                continue
            }
            guard case .object = item, item["date_journal"] != nil else {
                fail("this is not an entry of Journey's export: it has no `date_journal`")
                continue
            }
            let time = civilTime(of: item, fallbackZone: fallbackZone)
            if case .failure(let problem) = time { fail(problem.message) }

            var text = ""
            switch item["text"] {
            case nil, .null?: break
            case .text(let written)?: text = written
            case let other?: fail("its `text` \(JSONValue.shown(other)) is not text")
            }
            var body = ""
            switch item["type"] {
            case nil, .null?, .text("html")?: body = NoteHTML.markdown(text, newlinesBreakLines: false)
            case .text("markdown")?: body = text
            case let other?: fail("its `type` \(JSONValue.shown(other)) is neither `html` nor `markdown`")
            }

            var sentiment: String?
            switch item["sentiment"] {
            case nil, .null?: break
            case .number(let number)?: sentiment = number
            case let other?: fail("its `sentiment` \(JSONValue.shown(other)) is not a number")
            }

            var attachments: [ImportedEntry.Attachment] = []
            for photo in item["photos"]?.items ?? [] {
                do throws(DiagnosticsError) {
                    if let attachment = try attachment(photo, location: location, label: label, holds: holds, leadingBytes: leadingBytes) {
                        attachments.append(attachment)
                    } else {
                        problems.append(.warning(location, "\(label): \(photo.text ?? "") is not a photo, so it is not brought over"))
                    }
                } catch {
                    problems += error.diagnostics
                }
            }

            guard problems[problemsBefore...].allSatisfy({ $0.severity != .error }), case .success(let (date, seconds, offset, zone)) = time else { continue }
            // Several photos one per line in one paragraph: the site shows them as a gallery.
            if !attachments.isEmpty { body += (body.isEmpty ? "" : "\n\n") + attachments.map { "![](\($0.name))" }.joined(separator: "\n") }
            var tags: [String] = []
            for tag in item["tags"]?.items ?? [] {
                if let tag = tag.text?.trimmingSpaces, !tag.isEmpty, !tags.contains(tag) { tags.append(tag) }
            }
            entries.append(ImportedEntry(
                number: number, date: date, secondsIntoDay: seconds, utcOffset: offset,
                moodName: sentiment.map { "\(moodNamePrefix)\($0)" }, title: nil, tags: tags, body: body,
                extraFields: extraFields(of: item, zone: zone), attachments: attachments))
        }
        let errors = problems.filter { $0.severity == .error }
        guard errors.isEmpty else { throw DiagnosticsError(errors) }
        return (entries, problems)
    }

    /// What an entry's mood is called for `--mood`, before its `sentiment` (`sentiment 1.25`):
    /// which of the diary's moods each of Journey's values means is the writer's to say.
    static let moodNamePrefix = "sentiment "

    /// A problem with one field of an entry, said as its message.
    private struct Problem: Error {
        let message: String
    }

    /// The entry's date, seconds into the day and UTC offset where it was written, and the
    /// zone Journey recorded (nil when it recorded none).
    private static func civilTime(of item: JSONValue, fallbackZone: TimeZone) -> Result<(CivilDate, Int, Int, String?), Problem> {
        // Years 1 to 9999, the dates diarygen writes.
        let range = -62_135_596_800_000..<253_402_300_800_000
        guard let milliseconds = item["date_journal"]?.integer, range.contains(milliseconds) else {
            return .failure(Problem(message: "its `date_journal` \(JSONValue.shown(item["date_journal"])) is no time (milliseconds since 1970, in years 1 to 9999)"))
        }
        var zone = fallbackZone, recorded: String?
        switch item["timezone"] {
        case nil, .null?, .text("")?:
            break
        case .text(let name)? where TimeZone(identifier: name) != nil:
            zone = TimeZone(identifier: name)!
            recorded = name
        case let other?:
            return .failure(Problem(message: "its `timezone` \(JSONValue.shown(other)) is no time zone (such as Asia/Seoul)"))
        }
        // Milliseconds before 1970 are negative: the second they fall in starts before them.
        let seconds = milliseconds >= 0 ? milliseconds / 1000 : -((-milliseconds + 999) / 1000)
        let (date, secondsIntoDay, offset) = ClockTime.civilTime(at: seconds, in: zone)
        return .success((date, secondsIntoDay, offset, recorded))
    }

    /// The file a `photos` item names, checked before the name becomes part of a path: a
    /// plain name of the letters, digits, `-`, `_` and `.` Journey names its files with, in
    /// the zip; a photo by its extension must be an image diarygen shows. Nil for a file
    /// that is no photo (a recording, a video).
    private static func attachment(_ photo: JSONValue, location: String, label: String, holds: (String) -> Bool,
                                   leadingBytes: (String) throws(DiagnosticsError) -> [UInt8]) throws(DiagnosticsError) -> ImportedEntry.Attachment? {
        func problem(_ message: String) -> DiagnosticsError { DiagnosticsError([.error(location, "\(label): \(message)")]) }
        guard let name = photo.text else { throw problem("its photo \(JSONValue.shown(photo)) is not a file name") }
        if let plain = PlainName.problem(name) { throw problem("its photo `\(PlainName.shown(name))` is no file name: \(plain)") }
        guard name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }) else {
            throw problem("its photo `\(PlainName.shown(name))` is not a file name Journey writes (letters, digits, `-`, `_` and `.`)")
        }
        guard Photo.isPhoto(name) else { return nil }
        guard holds(name) else { throw problem("its photo \(name) is not in the export") }
        guard Photo.fileExtension(ofImageStartingWith: try leadingBytes(name)) != nil else {
            throw problem("its photo \(name) is not an image diarygen shows (JPEG, PNG, WebP, GIF, TIFF, HEIC or AVIF)")
        }
        return ImportedEntry.Attachment(exportPath: name, name: name)
    }

    /// What has no key of its own, in the front-matter: Journey's id and values as it wrote
    /// them, `starred`, and `location`, `weather` and `music` when the entry has them.
    private static func extraFields(of item: JSONValue, zone: String?) -> [FrontMatterField] {
        var extra: [FrontMatterField] = []
        func keep(_ key: String, _ value: FrontMatterValue?) { if let value { extra.append(FrontMatterField(key, value)) } }
        func text(_ key: String) -> String? { item[key]?.text?.trimmingSpaces.nonEmpty }
        keep("journey_id", text("id").map(FrontMatterValue.text))
        keep("journey_sentiment", item["sentiment"].flatMap { $0.isNumber ? $0.frontMatterValue : nil })
        keep("journey_mood", item["mood"].flatMap { $0.isNumber ? $0.frontMatterValue : nil })
        keep("journey_time_zone", zone.map(FrontMatterValue.text))
        if item["favourite"]?.flag == true { keep("starred", .bool(true)) }

        var place: [FrontMatterField] = []
        if let address = text("address") { place.append(FrontMatterField("address", .text(address))) }
        // Journey writes a coordinate far out of range for an entry without a place.
        if case .number(let lat)? = item["lat"], case .number(let lon)? = item["lon"],
           let latitude = Double(lat), let longitude = Double(lon), abs(latitude) <= 90, abs(longitude) <= 180 {
            place += [FrontMatterField("latitude", .number(lat)), FrontMatterField("longitude", .number(lon))]
        }
        if !place.isEmpty { keep("location", .keys(place)) }
        // Likewise a temperature far out of range for an entry without weather.
        if case .number(let degrees)? = item["weather"]?["degree_c"], let celsius = Double(degrees), abs(celsius) <= 100 {
            keep("weather", item["weather"]?.frontMatterValue)
        }
        let music = [("title", text("music_title")), ("artist", text("music_artist"))].compactMap { key, value in
            value.map { FrontMatterField(key, .text($0)) }
        }
        if !music.isEmpty { keep("music", .keys(music)) }
        keep("journey_label", text("label").map(FrontMatterValue.text))
        keep("journey_folder", text("folder").map(FrontMatterValue.text))
        return extra
    }
}

private extension JSONValue {
    var isNumber: Bool { if case .number = self { true } else { false } }
}

private extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}
