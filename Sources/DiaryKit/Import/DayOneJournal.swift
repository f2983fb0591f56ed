import Foundation
import Mustache

/// Day One's JSON export (`Journal.json`, alone or in the export .zip beside `photos/`).
enum DayOneJournal {
    /// Every entry, or every problem found (`entry 3: …`). `photoPaths` are the files the
    /// export holds; a photo that is not among them keeps its link as it was, with a warning.
    /// An entry without a `timeZone` is placed in `fallbackZone`, the diary's own.
    static func entries(_ data: Data, path: String, photoPaths: Set<String>, fallbackZone: TimeZone,
                        fieldLimit: Int = ExportLimits.standard.fieldBytes)
        throws(DiagnosticsError) -> (entries: [ImportedEntry], warnings: [Diagnostic]) {
        let list = try JSONValue.exportEntries(data, path: path, app: "Day One", fieldLimit: fieldLimit)
        let moments = momentPhotos(list, photoPaths: photoPaths)
        var entries: [ImportedEntry] = []
        var problems: [Diagnostic] = []
        for (index, item) in list.enumerated() {
            let number = index + 1
            func fail(_ message: String) { problems.append(.error(path, "entry \(number): \(message)")) }
            guard let created = item["creationDate"]?.text else {
                fail("no `creationDate`")
                continue
            }
            guard created.hasSuffix("Z"), case .success(let utc) = WrittenDate.parse(created), let utcSeconds = utc.secondsIntoDay else {
                fail("`\(created)` is not a UTC time such as 2020-08-29T23:30:00Z")
                continue
            }
            var zone = fallbackZone
            if let name = item["timeZone"]?.text {
                guard let named = TimeZone(identifier: name) else {
                    fail("unknown time zone `\(name)`")
                    continue
                }
                zone = named
            }
            let (date, secondsIntoDay, _) = ClockTime.civilTime(at: utc.date.dayNumber * 86_400 + utcSeconds, in: zone)

            var body = item["text"]?.text ?? ""
            var attachments: [ImportedEntry.Attachment] = []
            var notInExport = Set<String>()
            for (photoIndex, photo) in (item["photos"]?.items ?? []).enumerated() {
                guard let identifier = photo["identifier"]?.text, let md5 = photo["md5"]?.text, let type = photo["type"]?.text else {
                    fail("a photo without its `identifier`, `md5` or `type`")
                    continue
                }
                if let problem = photoProblem(identifier: identifier, md5: md5, type: type) {
                    fail("photo \(photoIndex + 1): \(problem)")
                    continue
                }
                let name = "\(md5).\(type)"
                let exportPath = "photos/\(name)"
                guard photoPaths.contains(exportPath) else {
                    problems.append(.warning(path, "entry \(number): the photo \(exportPath) is not in the export; its link is left as it was"))
                    notInExport.insert(identifier.lowercased())
                    continue
                }
                attachments.append(ImportedEntry.Attachment(exportPath: exportPath, name: name))
            }
            // A moment may be a photo of another entry: it is copied beside this one too.
            for identifier in momentIdentifiers(in: body) {
                guard let photo = moments[identifier.lowercased()] else {
                    if notInExport.contains(identifier.lowercased()) { continue }
                    problems.append(.warning(path, "entry \(number): `dayone-moment://\(identifier)` names no photo of the export; its link is left as it was"))
                    continue
                }
                if !attachments.contains(photo) { attachments.append(photo) }
                body = body.replacingEvery("dayone-moment://\(identifier)", with: photo.name)
            }

            var extra: [FrontMatterField] = []
            if let uuid = item["uuid"]?.text { extra.append(FrontMatterField("dayone_uuid", .text(uuid))) }
            extra.append(FrontMatterField("dayone_time_zone", .text(zone.identifier)))
            if item["starred"]?.flag == true { extra.append(FrontMatterField("starred", .bool(true))) }
            for key in ["location", "weather"] {
                if let value = item[key]?.frontMatterValue { extra.append(FrontMatterField(key, value)) }
            }
            var tags: [String] = []
            for tag in item["tags"]?.items ?? [] {
                if let tag = tag.text?.trimmingSpaces, !tag.isEmpty, !tags.contains(tag) { tags.append(tag) }
            }
            entries.append(ImportedEntry(number: number, date: date, secondsIntoDay: secondsIntoDay, moodName: nil,
                                         title: nil, tags: tags, body: body, extraFields: extra, attachments: attachments))
        }
        let errors = problems.filter { $0.severity == .error }
        guard errors.isEmpty else { throw DiagnosticsError(errors) }
        return (entries, problems)
    }

    /// Every photo of the export that is in it, by its identifier in lower case (Day One
    /// writes identifiers in upper case, and a moment link may not).
    private static func momentPhotos(_ list: [JSONValue], photoPaths: Set<String>) -> [String: ImportedEntry.Attachment] {
        var photos: [String: ImportedEntry.Attachment] = [:]
        for photo in list.flatMap({ $0["photos"]?.items ?? [] }) {
            guard let identifier = photo["identifier"]?.text, let md5 = photo["md5"]?.text, let type = photo["type"]?.text,
                  photoProblem(identifier: identifier, md5: md5, type: type) == nil, photoPaths.contains("photos/\(md5).\(type)"),
                  photos[identifier.lowercased()] == nil else { continue }
            photos[identifier.lowercased()] = ImportedEntry.Attachment(exportPath: "photos/\(md5).\(type)", name: "\(md5).\(type)")
        }
        return photos
    }

    /// The identifiers of the `dayone-moment://IDENTIFIER` links in `text`, each once.
    static func momentIdentifiers(in text: String) -> [String] {
        var identifiers: [String] = []
        var rest = text[...]
        while let link = rest.range(of: "dayone-moment://") {
            let identifier = String(rest[link.upperBound...].prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
            if !identifier.isEmpty, !identifiers.contains(identifier) { identifiers.append(identifier) }
            rest = rest[link.upperBound...]
        }
        return identifiers
    }

    /// Why a photo's fields cannot be trusted, or nil. Day One keeps each photo in the
    /// export as `photos/MD5.TYPE`, and the import names its copy the same, so a crafted
    /// export could put a path in either: the digest must be one (any case), the type a
    /// short extension. The identifier goes into no path, but is held to Day One's form.
    static func photoProblem(identifier: String, md5: String, type: String) -> String? {
        func isASCIILetterOrDigit(_ character: Character) -> Bool { character.isASCII && (character.isLetter || character.isNumber) }
        if md5.count != 32 || !md5.allSatisfy({ $0.isASCII && $0.isHexDigit }) {
            return "`md5` is `\(PlainName.shown(md5))`, not an MD5 digest (32 hexadecimal digits)"
        }
        if !(1...10).contains(type.count) || !type.allSatisfy(isASCIILetterOrDigit) {
            return "`type` is `\(PlainName.shown(type))`, not a file extension such as jpeg (1 to 10 letters and digits)"
        }
        if !(1...64).contains(identifier.count) || !identifier.allSatisfy({ isASCIILetterOrDigit($0) || $0 == "-" }) {
            return "`identifier` is `\(PlainName.shown(identifier))`, not an identifier (up to 64 letters, digits and `-`)"
        }
        return nil
    }
}
