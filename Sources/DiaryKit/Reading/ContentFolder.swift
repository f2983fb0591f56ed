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
    public var name: Substring {
        // After the last slash byte, as the file system reads a path (a mark written after
        // a slash starts the name; it does not hide the slash in one Character with it).
        contentPath[(contentPath.utf8.lastIndex(of: UInt8(ascii: "/")).map(contentPath.utf8.index(after:)) ?? contentPath.startIndex)...]
    }

    /// Path relative to the site folder, as diagnostics show it.
    public var displayPath: String { SiteFolder.displayPath(ofContent: contentPath) }
    /// Markdown by any of the names editors and Jekyll give it.
    public var isEntry: Bool {
        // A path in ASCII, as nearly all are, is read by its bytes: lower-casing a whole
        // path to look at its end made a String for every file of the diary.
        if let entry = contentPath.utf8.withContiguousStorageIfAvailable({ path in
            path.allSatisfy { $0 < 0x80 } ? SourceFile.entryExtensions.contains { path.endsWithASCII($0, ignoringCase: true) } : nil
        }), let entry { return entry }
        let name = contentPath.lowercased()
        return SourceFile.entryExtensions.contains { name.hasSuffix($0.description) }
    }

    static let entryExtensions: [StaticString] = [".md", ".markdown", ".mdown", ".mkd"]
}

/// What a folder of content/ held when it was listed, and what `stat` said of the folder
/// just before. Adding, removing or renaming a name in a folder changes the folder's own
/// times, so while its stamp is the same, so are its names (git's untracked cache trusts
/// the same); what lies in a folder inside it has a stamp of its own.
public struct FolderListing: Sendable, Equatable {
    let stamp: SourceStamp
    /// In name order; hidden files and editors' leftovers left out.
    let children: [ContentFolder.Child]
}

/// Stage 1 of the pipeline: lists the entries and assets of a site's `content/` folder.
public struct ContentFolder: Sendable {
    public let entries: [SourceFile]
    public let assets: [SourceFile]
    public let problems: [Diagnostic]
    /// Each folder's listing as the next walk may reuse it, by its path on disk; empty
    /// unless listings were `remembered`. A folder changed in the last moments is left out.
    let listings: [String: FolderListing]

    /// A name in a folder, and what the kernel says it is (`d_type`).
    struct Child: Sendable, Equatable {
        let name: String
        let type: Int32
    }

    /// Walks the site's `content/` in a stable order. Symbolic links are followed
    /// while they lead to somewhere inside content/; one that leads outside is
    /// skipped with a warning, and one that leads back into a folder being read
    /// (a loop) is an error. When content/ is a note app's folder (`app`), only its
    /// entries are read: its other notes and its own folders are not the diary.
    /// A folder whose stamp is the one `remembered` with its listing is not listed
    /// again, unless it changed after `settledBefore` (ns since the epoch; `BuildCache`).
    public init(site: SiteFolder, app: NoteApp? = nil, remembered: [String: FolderListing]? = nil, settledBefore: Int = 0) {
        let root = site.content
        var entries: [SourceFile] = []
        var assets: [SourceFile] = []
        var problems: [Diagnostic] = []
        var listings: [String: FolderListing] = [:]
        let realRoot = realPath(root.path)
        let entryFolder = app?.entryFolder(in: root)

        func list(_ folder: String, _ prefix: String) -> [Child]? {
            guard let listing = opendir(folder) else {
                problems.append(.error(SiteFolder.displayPath(ofContent: prefix), "this folder cannot be read; check its permissions"))
                return nil
            }
            // The kernel says what most names are (`d_type`), so only links, and names on
            // disks that do not say, cost a `stat` each.
            var children: [Child] = []
            while let item = readdir(listing) {
                let bytes = withUnsafeBytes(of: item.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
                guard !bytes.withUnsafeBufferPointer(ContentFolder.isIgnored(utf8:)) else { continue }  // ".", ".." and hidden files
                let name = String(decoding: bytes, as: UTF8.self)
                // Decoded, such a name no longer leads to the file; shown with � where its bytes do not
                // decode. A name in ASCII, as nearly all are, is UTF-8 without checking it again.
                guard bytes.allSatisfy({ $0 < 0x80 }) || String(validating: bytes, as: UTF8.self) != nil else {
                    problems.append(.error(SiteFolder.displayPath(ofContent: prefix + name), "this file name is not UTF-8 text; rename it"))
                    continue
                }
                children.append(Child(name: name, type: Int32(item.pointee.d_type)))
            }
            closedir(listing)
            return children.sorted { $0.name < $1.name }
        }

        // A rebuild's listing of thousands of names took longer than reading the cache.
        func children(of folder: String, _ prefix: String) -> [Child]? {
            var status = stat()
            // `stat`ed before it is listed, so a name added in between changes the stamp the next walk compares.
            guard let remembered, stat(folder, &status) == 0 else { return list(folder, prefix) }
            let stamp = SourceStamp(status)
            if let known = remembered[folder], known.stamp == stamp {
                listings[folder] = known
                return known.children
            }
            let problemsBefore = problems.count
            guard let children = list(folder, prefix) else { return nil }
            // A name that is not UTF-8 is told of again by the next walk, which lists the folder again.
            if problems.count == problemsBefore, let settled = stamp.settled(before: settledBefore) {
                listings[folder] = FolderListing(stamp: settled, children: children)
            }
            return children
        }

        // Paths are joined as strings: a URL per file costs more than the walk itself.
        // `real` is the folder's path with links resolved; `ancestors`, those of the folders it is in.
        func walk(_ folder: String, _ prefix: String, real: String, ancestors: [String]) {
            guard let children = children(of: folder, prefix) else { return }
            for child in children {
                let (name, type) = (child.name, child.type)
                let onDisk = String(joining: folder, "/", name)
                let path = String(joining: prefix, "", name)
                var isFolder = type == DT_DIR
                // Without a link on the way, a folder's real path is its parent's and its name.
                var linkTarget: String?
                if type != DT_DIR, type != DT_REG {
                    var status = stat()
                    guard stat(onDisk, &status) == 0 else {
                        problems.append(.error(SiteFolder.displayPath(ofContent: path), "this is a symbolic link to nothing; remove it or fix its target"))
                        continue
                    }
                    isFolder = (status.st_mode & S_IFMT) == S_IFDIR
                    // A pipe would wait for a writer forever; a device or socket holds no diary.
                    guard isFolder || (status.st_mode & S_IFMT) == S_IFREG else {
                        problems.append(.warning(SiteFolder.displayPath(ofContent: path), "this is not a regular file (a pipe, socket or device), so it is skipped"))
                        continue
                    }
                    // A link, or a name the disk does not say the kind of: followed only inside content/.
                    let target = realPath(onDisk)
                    // What lies outside content/ is not the diary's: the site itself, or the rest of the disk.
                    guard isInside(target, realRoot) else {
                        problems.append(.warning(SiteFolder.displayPath(ofContent: path), "this link leads outside content/, so it is not followed"))
                        continue
                    }
                    if isFolder, target == real || ancestors.contains(target) {
                        problems.append(.error(SiteFolder.displayPath(ofContent: path + "/"), "this folder links back to a folder it is in (a symbolic-link loop); remove the link"))
                        continue
                    }
                    linkTarget = target
                }
                if isFolder {
                    guard app?.isOwnFolder(path) != true else { continue }
                    walk(onDisk, path + "/", real: linkTarget ?? real + "/" + name, ancestors: ancestors + [real])
                } else {
                    let file = SourceFile(contentPath: path, path: onDisk)
                    if !file.isEntry { assets.append(file) } else if app == nil || NoteApp.isEntry(path, folder: entryFolder) { entries.append(file) }
                }
            }
        }

        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: root.path, isDirectory: &isFolder), isFolder.boolValue {
            walk(root.path, "", real: realRoot, ancestors: [])
        } else {
            problems.append(.error(SiteFolder.contentName, "there is no content/ folder here; diary entries go in content/, one Markdown file a day"))
        }
        self.entries = entries
        self.assets = assets
        self.problems = problems
        self.listings = listings
    }

    /// Hidden files and the leftovers of editors are never part of a diary.
    static func isIgnored(_ name: String) -> Bool {
        var name = name
        return name.withUTF8(isIgnored(utf8:))
    }

    /// `isIgnored` of a name's bytes, read as the file system and file managers read them:
    /// a name whose first byte is a dot is hidden, whatever mark may follow it.
    static func isIgnored(utf8 name: UnsafeBufferPointer<UInt8>) -> Bool {
        name.first == UInt8(ascii: ".") || name.last == UInt8(ascii: "~")
            || (name.first == UInt8(ascii: "#") && name.last == UInt8(ascii: "#"))
            || name.endsWithASCII(".swp") || name.endsWithASCII(".swo") || name.elementsEqual("Thumbs.db".utf8)
    }
}

extension String {
    /// The three texts one after another, made at their length at once: `+` made a
    /// String a step, for both paths of every file of the diary.
    fileprivate init(joining first: String, _ second: StaticString, _ third: String) {
        var first = first, third = third
        let length = first.utf8.count + second.utf8CodeUnitCount + third.utf8.count
        self = first.withUTF8 { first in
            third.withUTF8 { third in
                String(unsafeUninitializedCapacity: length) { joined in
                    var end = joined.initialize(fromContentsOf: first)
                    end = joined[end...].initialize(fromContentsOf: UnsafeBufferPointer(start: second.utf8Start, count: second.utf8CodeUnitCount))
                    return joined[end...].initialize(fromContentsOf: third)
                }
            }
        }
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether the bytes end with `suffix`, an ASCII text; `ignoringCase`, its letters
    /// match either case.
    fileprivate func endsWithASCII(_ suffix: StaticString, ignoringCase: Bool = false) -> Bool {
        let length = suffix.utf8CodeUnitCount
        guard count >= length else { return false }
        return suffix.withUTF8Buffer { suffix in
            zip(self[(count - length)...], suffix).allSatisfy { byte, wanted in
                byte == wanted || (ignoringCase && wanted >= UInt8(ascii: "a") && wanted <= UInt8(ascii: "z") && byte == wanted - 32)
            }
        }
    }
}
