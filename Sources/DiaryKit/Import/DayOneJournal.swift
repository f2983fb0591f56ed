import Foundation
import Mustache

/// Day One's JSON export (`Journal.json`, alone or in the export .zip beside `photos/`).
enum DayOneJournal {
    /// Every entry, or every problem found (`entry 3: …`). `photoPaths` are the files the
    /// export holds; a photo that is not among them keeps its link as it was, with a warning.
    /// An entry without a `timeZone` is placed in `fallbackZone`, the diary's own.
    static func entries(_ data: Data, path: String, photoPaths: Set<String>, fallbackZone: TimeZone)
        throws(DiagnosticsError) -> (entries: [ImportedEntry], warnings: [Diagnostic]) {
        let list = try JSONValue.exportEntries(data, path: path, app: "Day One")
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
            let instant = utc.date.dayNumber * 86_400 + utcSeconds
            let civil = instant + zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
            let date = CivilDate(dayNumber: Int((Double(civil) / 86_400).rounded(.down)))
            let secondsIntoDay = civil - date.dayNumber * 86_400

            var body = item["text"]?.text ?? ""
            var attachments: [ImportedEntry.Attachment] = []
            for photo in item["photos"]?.items ?? [] {
                guard let identifier = photo["identifier"]?.text, let md5 = photo["md5"]?.text, let type = photo["type"]?.text else {
                    fail("a photo without its `identifier`, `md5` or `type`")
                    continue
                }
                let name = "\(md5).\(type)"
                let exportPath = "photos/\(name)"
                guard photoPaths.contains(exportPath) else {
                    problems.append(.warning(path, "entry \(number): the photo \(exportPath) is not in the export; its link is left as it was"))
                    continue
                }
                attachments.append(ImportedEntry.Attachment(exportPath: exportPath, name: name))
                body = body.replacingEvery("dayone-moment://\(identifier)", with: name)
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
}
