import Foundation
import Mustache

/// The templates, stylesheet and translations a site is rendered with: the
/// built-in theme, with any file of the site's own `templates/` folder in its place.
public struct Theme: Sendable {
    /// Relative path (`month.mustache`, `i18n/ko.yml`, `style.css`) to text.
    public let files: [String: String]
    /// Which files came from the site folder, for messages.
    public let overridden: Set<String>
    /// The look chosen with `theme:`: its `themes/NAME.css` is laid over `style.css`.
    public var name = Theme.defaultName

    public static let defaultName = "default"
    public static let builtIn = Theme(files: EmbeddedTheme.files, overridden: [])

    private static let englishPath = "i18n/en.yml"

    /// The built-in theme's templates, parsed once a process (a preview rebuilds many times),
    /// and first on another core while the command line is read (`SiteBuild.prepare`).
    static let builtInTemplates = parse(builtIn.files.filter { $0.key.hasSuffix(".mustache") }.map { ($0.key, $0.value) })

    /// Each template by its path, parsed on every core: a rebuild that makes a page waits for all of them.
    private static func parse(_ sources: [(key: String, value: String)]) -> [String: Result<Template, TemplateError>] {
        Dictionary(uniqueKeysWithValues: zip(sources.map(\.key), sources.concurrentMap { _, text in Result { () throws(TemplateError) in try Template(source: text) } }))
    }

    /// The built-in English words, which every language's fall back on: read once a
    /// process, first on another core while the command line is read (`SiteBuild.prepare`).
    static let builtInEnglish = Result { () throws(DiagnosticsError) in try builtIn.translationFile(englishPath) }

    /// The built-in themes' names, the default first.
    public static var builtInNames: [String] {
        [defaultName] + EmbeddedTheme.files.keys.compactMap(themeName(ofFile:)).sorted()
    }

    private static func themeName(ofFile path: String) -> String? {
        guard path.hasPrefix("themes/"), path.hasSuffix(".css") else { return nil }
        return String(path.dropFirst("themes/".count).dropLast(".css".count))
    }

    /// The site's stylesheet: `style.css`, then the chosen theme's own rules, each
    /// the site's file where it has one.
    public var stylesheet: String {
        let base = files["style.css"] ?? ""
        guard name != Theme.defaultName, let layer = files["themes/\(name).css"] else { return base }
        return base + "\n/* The \(name) theme */\n" + layer
    }

    /// The search page's script (`search.js`), the site's own copy where it has one.
    public var searchScript: String { files["search.js"] ?? "" }

    public static func load(from site: SiteFolder, named name: String = defaultName) throws(DiagnosticsError) -> Theme {
        var theme = try loadFiles(from: site)
        guard name == defaultName || theme.files["themes/\(name).css"] != nil else {
            throw DiagnosticsError([.error(SiteConfig.fileName, "unknown theme `\(name)`; the themes are \(builtInNames.joined(separator: ", ")), or a file templates/themes/\(name).css of your own")])
        }
        theme.name = name
        return theme
    }

    private static func loadFiles(from site: SiteFolder) throws(DiagnosticsError) -> Theme {
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
    /// The theme's templates, with `constants` written in (`TemplateLibrary.init`).
    func templates(constants: TemplateFields = [:]) throws(DiagnosticsError) -> TemplateLibrary {
        var templates: [String: Template] = [:]
        var problems: [Diagnostic] = []
        let sources = files.filter { $0.key.hasSuffix(".mustache") }.sorted { $0.key < $1.key }
        // The built-in ones are parsed once a process; a site's own, here.
        let parsed = Theme.builtInTemplates.merging(Theme.parse(sources.filter { Theme.builtIn.files[$0.key] != $0.value })) { $1 }
        for (path, _) in sources {
            switch parsed[path]! {
            case .success(let template): templates[String(path.dropLast(".mustache".count))] = template
            case .failure(let error): problems.append(.error(displayPath(path), line: error.line, "this template cannot be read: \(error.message)"))
            }
        }
        guard problems.isEmpty else { throw DiagnosticsError(problems) }
        return TemplateLibrary(templates, constants: constants)
    }

    /// The site's words in `language` (`en`, `ko`): the built-in English, then the
    /// built-in language, then the site's own file for that language, each filling
    /// in or replacing the keys before it. A key is replaced whole: a language's
    /// plural forms never mix with another's.
    func translations(language: String) throws(DiagnosticsError) -> Translations {
        let path = "i18n/\(language).yml"
        var phrases = try Theme.builtInEnglish.get()
        if path != Theme.englishPath { phrases.merge(try Theme.builtIn.translationFile(path)) { $1 } }
        if overridden.contains(path) { phrases.merge(try translationFile(path)) { $1 } }
        return Translations(phrases, plurals: PluralRule(language: language))
    }

    private func translationFile(_ path: String) throws(DiagnosticsError) -> [String: Translations.Phrase] {
        guard let text = files[path] else { return [:] }
        return try TranslationLines.read(text, path: displayPath(path))
    }
}
