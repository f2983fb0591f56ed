import Foundation
import Mustache
import Yams

/// The templates, stylesheet and translations a site is rendered with: the
/// built-in theme, with any file of the site's own `templates/` folder in its place.
public struct Theme: Sendable {
    /// Relative path (`month.mustache`, `i18n/ko.yml`, `style.css`) to text.
    public let files: [String: String]
    /// Which files came from the site folder, for messages.
    public let overridden: Set<String>

    public static let builtIn = Theme(files: EmbeddedTheme.files, overridden: [])

    public static func load(from site: SiteFolder) throws(DiagnosticsError) -> Theme {
        var files = EmbeddedTheme.files
        var overridden: Set<String> = []
        let folder = site.templates
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else {
            return builtIn
        }
        var problems: [Diagnostic] = []
        for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            let relative = String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1))
            guard !ContentFolder.isIgnored(url.lastPathComponent) else { continue }
            guard let read = FileBytes(path: url.path), let text = String(validating: read.bytes, as: UTF8.self) else {
                problems.append(.error("templates/" + relative, "this template is not UTF-8 text"))
                continue
            }
            files[relative] = text.strippingByteOrderMark
            overridden.insert(relative)
        }
        guard problems.isEmpty else { throw DiagnosticsError(problems) }
        return Theme(files: files, overridden: overridden)
    }

    func displayPath(_ relative: String) -> String {
        overridden.contains(relative) ? "templates/" + relative : "(built-in theme) " + relative
    }

    /// Every `*.mustache` file, registered by name without the extension so
    /// templates can include each other as partials (`{{> calendar}}`).
    func templates() throws(DiagnosticsError) -> TemplateLibrary {
        var templates: [String: Template] = [:]
        var problems: [Diagnostic] = []
        for (path, text) in files.sorted(by: { $0.key < $1.key }) where path.hasSuffix(".mustache") {
            do {
                templates[String(path.dropLast(".mustache".count))] = try Template(source: text)
            } catch {
                problems.append(.error(displayPath(path), line: error.line, "this template cannot be read: \(error.message)"))
            }
        }
        guard problems.isEmpty else { throw DiagnosticsError(problems) }
        return TemplateLibrary(templates)
    }

    /// The site's words in `language` (`en`, `ko`): the built-in English, then the
    /// built-in language, then the site's own file for that language, each filling
    /// in or replacing the keys before it.
    func translations(language: String) throws(DiagnosticsError) -> Translations {
        let path = "i18n/\(language).yml"
        var strings = try Theme.builtIn.translationFile("i18n/en.yml")
        strings.merge(try Theme.builtIn.translationFile(path)) { $1 }
        if overridden.contains(path) { strings.merge(try translationFile(path)) { $1 } }
        return Translations(strings: strings)
    }

    private func translationFile(_ path: String) throws(DiagnosticsError) -> [String: String] {
        guard let text = files[path] else { return [:] }
        let node: Node?
        switch YAMLReading.compose(text, path: displayPath(path), firstLine: 1) {
        case .success(let composed): node = composed
        case .failure(let problem): throw DiagnosticsError([problem])
        }
        guard case let .mapping(mapping)? = node else {
            throw DiagnosticsError([.error(displayPath(path), line: 1, "a translation file is a list of `key: text` lines")])
        }
        var strings: [String: String] = [:]
        for (key, value) in mapping {
            guard let name = key.string, let text = YAMLReading.scalarText(value) else {
                throw DiagnosticsError([.error(displayPath(path), line: YAMLReading.line(of: key, firstLine: 1), "each line should be `key: text`")])
            }
            strings[name] = text
        }
        return strings
    }
}

/// The site's own words in one language.
public struct Translations: Sendable {
    public let strings: [String: String]

    public subscript(_ key: String) -> String { strings[key] ?? key }

    /// Fills `{name}` placeholders: `format("recap_of", ["month": "October 2025"])`.
    public func format(_ key: String, _ values: [String: String]) -> String {
        var text = self[key]
        for (name, value) in values { text = text.replacingEvery("{\(name)}", with: value) }
        return text
    }
}
