import Foundation

/// A file found under `content/`.
public struct SourceFile: Hashable, Sendable {
    /// Path below `content/`, with `/` separators: `2025/10/2025-10-03.md`.
    public let contentPath: String
    public let url: URL

    /// Path relative to the site folder, as diagnostics show it.
    public var displayPath: String { "content/" + contentPath }
    public var isEntry: Bool { contentPath.lowercased().hasSuffix(".md") }
}

/// Stage 1 of the pipeline: lists the entries and assets of a site's `content/` folder.
public struct ContentFolder: Sendable {
    public let entries: [SourceFile]
    public let assets: [SourceFile]
    public let problems: [Diagnostic]

    /// Walks `siteFolder/content` in a stable order, following symbolic links
    /// but never into a folder it has already visited (a link loop is reported, not followed).
    public init(siteFolder: URL) {
        let root = siteFolder.appending(path: "content")
        var entries: [SourceFile] = []
        var assets: [SourceFile] = []
        var problems: [Diagnostic] = []
        var visited: Set<String> = []
        let files = FileManager.default

        func walk(_ folder: URL, _ prefix: String) {
            let real = folder.resolvingSymlinksInPath().path
            guard visited.insert(real).inserted else {
                problems.append(.error("content/" + prefix, "this folder links back to a folder already read (a symbolic-link loop); remove the link"))
                return
            }
            let names: [String]
            do {
                names = try files.contentsOfDirectory(atPath: folder.path).sorted()
            } catch {
                problems.append(.error(prefix.isEmpty ? "content" : "content/" + prefix, "this folder cannot be read; check its permissions"))
                return
            }
            for name in names where !ContentFolder.isIgnored(name) {
                let url = folder.appending(path: name)
                let path = prefix + name
                var isFolder: ObjCBool = false
                guard files.fileExists(atPath: url.path, isDirectory: &isFolder) else {
                    problems.append(.error("content/" + path, "this is a symbolic link to nothing; remove it or fix its target"))
                    continue
                }
                if isFolder.boolValue {
                    walk(url, path + "/")
                } else {
                    let file = SourceFile(contentPath: path, url: url)
                    if file.isEntry { entries.append(file) } else { assets.append(file) }
                }
            }
        }

        var isFolder: ObjCBool = false
        if files.fileExists(atPath: root.path, isDirectory: &isFolder), isFolder.boolValue {
            walk(root, "")
        } else {
            problems.append(.error("content", "there is no content/ folder here; diary entries go in content/, one Markdown file a day"))
        }
        self.entries = entries
        self.assets = assets
        self.problems = problems
    }

    /// Hidden files and the leftovers of editors are never part of a diary.
    static func isIgnored(_ name: String) -> Bool {
        name.hasPrefix(".") || name.hasSuffix("~") || (name.hasPrefix("#") && name.hasSuffix("#"))
            || name.hasSuffix(".swp") || name.hasSuffix(".swo") || name == "Thumbs.db"
    }
}
