import Foundation

/// A file found under `content/`.
public struct SourceFile: Hashable, Sendable {
    /// Path below `content/`, with `/` separators: `2025/10/2025-10-03.md`.
    public let contentPath: String
    /// Where it is on disk.
    public let path: String

    public init(contentPath: String, path: String) {
        self.contentPath = contentPath
        self.path = path
    }

    public init(contentPath: String, url: URL) {
        self.init(contentPath: contentPath, path: url.path)
    }

    public var url: URL { URL(fileURLWithPath: path) }
    /// The file's name: `2025-10-03.md`.
    public var name: Substring { contentPath[(contentPath.lastIndex(of: "/").map(contentPath.index(after:)) ?? contentPath.startIndex)...] }

    /// Path relative to the site folder, as diagnostics show it.
    public var displayPath: String { "content/" + contentPath }
    public var isEntry: Bool { contentPath.lowercased().hasSuffix(".md") }
}

/// Stage 1 of the pipeline: lists the entries and assets of a site's `content/` folder.
public struct ContentFolder: Sendable {
    public let entries: [SourceFile]
    public let assets: [SourceFile]
    public let problems: [Diagnostic]

    /// Walks the site's `content/` in a stable order, following symbolic links
    /// but never into a folder it has already visited (a link loop is reported, not followed).
    public init(site: SiteFolder) {
        let root = site.content
        var entries: [SourceFile] = []
        var assets: [SourceFile] = []
        var problems: [Diagnostic] = []
        var visited: Set<String> = []

        // Paths are joined as strings: a URL per file costs more than the walk itself.
        func walk(_ folder: String, _ prefix: String) {
            let real = realpath(folder, nil).map { pointer in defer { free(pointer) }; return String(cString: pointer) } ?? folder
            guard visited.insert(real).inserted else {
                problems.append(.error("content/" + prefix, "this folder links back to a folder already read (a symbolic-link loop); remove the link"))
                return
            }
            guard let listing = opendir(folder) else {
                problems.append(.error(prefix.isEmpty ? "content" : "content/" + prefix, "this folder cannot be read; check its permissions"))
                return
            }
            // The kernel says what most names are (`d_type`), so only links, and names on
            // disks that do not say, cost a `stat` each.
            var children: [(name: String, isFolder: Bool?)] = []
            while let item = readdir(listing) {
                let name = withUnsafeBytes(of: item.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                guard !ContentFolder.isIgnored(name) else { continue }  // ".", ".." and hidden files
                let type = Int32(item.pointee.d_type)
                children.append((name, type == DT_DIR ? true : type == DT_REG ? false : nil))
            }
            closedir(listing)
            for (name, knownKind) in children.sorted(by: { $0.name < $1.name }) {
                let onDisk = folder + "/" + name
                let path = prefix + name
                var isFolder = false
                if let knownKind {
                    isFolder = knownKind
                } else {
                    var status = stat()
                    guard stat(onDisk, &status) == 0 else {
                        problems.append(.error("content/" + path, "this is a symbolic link to nothing; remove it or fix its target"))
                        continue
                    }
                    isFolder = (status.st_mode & S_IFMT) == S_IFDIR
                    // A pipe would wait for a writer forever; a device or socket holds no diary.
                    guard isFolder || (status.st_mode & S_IFMT) == S_IFREG else {
                        problems.append(.warning("content/" + path, "this is not a regular file (a pipe, socket or device), so it is skipped"))
                        continue
                    }
                }
                if isFolder {
                    walk(onDisk, path + "/")
                } else {
                    let file = SourceFile(contentPath: path, path: onDisk)
                    if file.isEntry { entries.append(file) } else { assets.append(file) }
                }
            }
        }

        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: root.path, isDirectory: &isFolder), isFolder.boolValue {
            walk(root.path, "")
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
