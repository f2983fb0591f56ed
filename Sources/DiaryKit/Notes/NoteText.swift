import Mustache
/// Obsidian's and Logseq's own syntax in an entry's text, read in one pass that leaves
/// code, Markdown links and autolinks as they are: `[[links]]`, `![[embeds]]`, `#tags`
/// and `#[[tags of several words]]`, `%%comments%%`, and Logseq's task markers. What
/// comes out is CommonMark that diarygen's Markdown conversion understands.
enum NoteText {
    /// The entry's inline tags, in the order written, each once, and what could not be
    /// read: each problem with its line, counted from 1 at the body's first line.
    static func read(_ body: String) -> (tags: [String], problems: [(line: Int, message: String)]) {
        guard mayHoldSyntax(body) else { return ([], []) }
        var scan = Scan(body, tagLinks: true)
        scan.run()
        return (scan.tags, scan.problems)
    }

    /// `body` as CommonMark: a `[[link]]` becomes a link to `[[target]]` (which
    /// `ContentLinks` resolves by name, or leaves as text), an embed an image or a link,
    /// a tag a link to `#[[tag]]` (its tag page) when `tagLinks`, a comment nothing (its
    /// line breaks kept, so later lines keep their numbers), a task marker a task box.
    static func markdown(_ body: String, tagLinks: Bool) -> String {
        guard mayHoldSyntax(body) else { return body }
        var scan = Scan(body, tagLinks: tagLinks)
        scan.run()
        return String(decoding: scan.output, as: UTF8.self)
    }

    /// The link a Markdown link to `url` is when it is an inline tag's: its tag, or nil.
    static func tag(linkedBy url: String) -> String? {
        guard url.hasPrefix("#[["), url.hasSuffix("]]"), url.utf8.count > 5 else { return nil }
        return String(url.dropFirst(3).dropLast(2))
    }

    /// The note a `[[link]]`'s or embed's URL names (`Mina`, `2025-01-04`, `photo.jpg`),
    /// without a heading or block after `#`; nil for any other URL.
    static func note(linkedBy url: String) -> String? {
        guard url.hasPrefix("[["), url.hasSuffix("]]"), url.utf8.count > 4 else { return nil }
        let target = url.dropFirst(2).dropLast(2)
        let name = target.prefix { $0 != "#" }
        return name.isEmpty ? nil : String(name)
    }

    /// Whether `body` holds anything the pass changes: `[[`, `%%`, a `#` that may start a
    /// tag, or a task marker's word after a bullet. Most entries hold none, and a few
    /// searches of the bytes (memchr) say so.
    private static func mayHoldSyntax(_ body: String) -> Bool {
        var body = body
        return body.withUTF8 { bytes in
            if byteOffset(of: linkOpening, in: bytes, from: 0) != nil || byteOffset(of: commentMark, in: bytes, from: 0) != nil { return true }
            var index = 0
            while let hash = byteOffset(of: hashMark, in: bytes, from: index) {
                let before = hash == 0 ? 10 : bytes[hash - 1], next = hash + 1 < bytes.count ? bytes[hash + 1] : 0
                if before == 32 || before == 9 || before == 10 || before == UInt8(ascii: "("), next > 32, next != UInt8(ascii: "#") { return true }
                index = hash + 1
            }
            for word in taskMarkerBytes {
                var from = 0
                while let found = byteOffset(of: word, in: bytes, from: from) {
                    if found >= 2, bytes[found - 1] == 32, isBullet(bytes[found - 2]) { return true }
                    from = found + 1
                }
            }
            return false
        }
    }

    /// Each task marker's word and the space after it, as bytes.
    private static let taskMarkerBytes = taskMarkers.map { Array($0.word.utf8) + [32] }
    private static let linkOpening = Array("[[".utf8), commentMark = Array("%%".utf8), hashMark = Array("#".utf8)

    /// A list item's bullet: `-`, `*` or `+`.
    private static func isBullet(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "-") || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "+")
    }

    /// Logseq's task markers, after a list item's bullet: done or still to do.
    static let taskMarkers: [(word: String, done: Bool)] = [
        ("TODO", false), ("LATER", false), ("NOW", false), ("DOING", false), ("WAITING", false),
        ("DONE", true), ("CANCELED", true), ("CANCELLED", true),
    ]

    struct Scan {
        let bytes: [UInt8]
        let tagLinks: Bool
        var output: [UInt8] = []
        var tags: [String] = []
        var problems: [(line: Int, message: String)] = []
        var seenTags = Set<String>()
        var index = 0
        /// The fence (its byte and length) of the code block being copied, if any.
        private var fence: (byte: UInt8, count: Int)?

        init(_ text: String, tagLinks: Bool) {
            bytes = Array(text.utf8)
            self.tagLinks = tagLinks
            output.reserveCapacity(bytes.count + 64)
        }

        mutating func run() {
            while index < bytes.count {
                if index == 0 || bytes[index - 1] == newline, startLine() { continue }
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\\"):
                    copy(min(2, bytes.count - index))
                case UInt8(ascii: "`"):
                    copyCodeSpan()
                case UInt8(ascii: "%") where at("%%"):
                    dropComment()
                case UInt8(ascii: "!") where at("![["):
                    if !wikiLink(embedded: true) { copy(1) }
                case UInt8(ascii: "["):
                    if at("[["), wikiLink(embedded: false) { continue }
                    copyMarkdownLink()
                case UInt8(ascii: "<"):
                    copyAutolink()
                case UInt8(ascii: "#") where index == 0 || isSpace(bytes[index - 1]) || bytes[index - 1] == UInt8(ascii: "("):
                    if !tag() { copy(1) }
                default:
                    copyPlainText()
                }
            }
        }

        /// Copies bytes up to the next one that may start something, or the line's end, at once.
        private mutating func copyPlainText() {
            var end = index + 1
            // A line's end is copied alone: the next line's start is looked at.
            while bytes[index] != newline, end < bytes.count, !Scan.mayStart[Int(bytes[end])] { end += 1 }
            copy(end - index)
        }

        /// The bytes the pass looks at: the line's end, and each construct's first byte.
        private static let mayStart: [Bool] = (0..<256).map { "\n\\`%![<#".utf8.contains(UInt8($0)) }

        let newline = UInt8(ascii: "\n")

        func at(_ text: StaticString) -> Bool {
            let count = text.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            return (0..<count).allSatisfy { bytes[index + $0] == text.utf8Start[$0] }
        }

        mutating func problem(_ message: String) {
            problems.append((bytes[..<index].count(where: { $0 == newline }) + 1, message))
        }

        func isSpace(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 || byte == 10 }

        mutating func copy(_ count: Int) {
            output.append(contentsOf: bytes[index..<index + count])
            index += count
        }

        func lineEnd(from start: Int) -> Int { bytes[start...].firstIndex(of: newline) ?? bytes.count }

        /// At a line's start: a fence opens or closes a code block, whose lines are copied
        /// as they are; a Logseq task marker after a bullet becomes a task box. True when
        /// the whole line was taken.
        private mutating func startLine() -> Bool {
            var content = index
            while content < bytes.count, bytes[content] == 32 || bytes[content] == 9 || bytes[content] == UInt8(ascii: ">") { content += 1 }
            var bulleted = false
            if content + 1 < bytes.count, NoteText.isBullet(bytes[content]), bytes[content + 1] == 32 {
                bulleted = true
                content += 2
                while content < bytes.count, bytes[content] == 32 { content += 1 }
            }
            let run = bytes[content...].prefix { $0 == UInt8(ascii: "`") || $0 == UInt8(ascii: "~") }
            if let open = fence {
                let end = lineEnd(from: index)
                if run.count >= open.count, run.allSatisfy({ $0 == open.byte }) { fence = nil }
                copy(min(end + 1, bytes.count) - index)
                return true
            }
            if run.count >= 3, let first = run.first, run.allSatisfy({ $0 == first }) {
                fence = (first, run.count)
                copy(min(lineEnd(from: index) + 1, bytes.count) - index)
                return true
            }
            guard bulleted else { return false }
            for (word, done) in NoteText.taskMarkers {
                let end = content + word.utf8.count
                guard end < bytes.count, bytes[end] == 32, bytes[content..<end].elementsEqual(word.utf8) else { continue }
                output.append(contentsOf: bytes[index..<content])
                output.append(contentsOf: (done ? "[x] " : "[ ] ").utf8)
                // Canceled is struck through; Logseq shows the doing words as a label.
                if word.hasPrefix("CANCEL") {
                    let lineEnd = lineEnd(from: end + 1)
                    output.append(contentsOf: "~~".utf8)
                    output.append(contentsOf: bytes[(end + 1)..<lineEnd])
                    output.append(contentsOf: "~~".utf8)
                    index = lineEnd
                } else {
                    if ["NOW", "DOING", "WAITING"].contains(word) { output.append(contentsOf: "**\(word)** ".utf8) }
                    index = end + 1
                }
                return true
            }
            return false
        }

        /// Copies `` `code` `` whole: a closing run of as many backticks, or the run alone.
        private mutating func copyCodeSpan() {
            let count = bytes[index...].prefix { $0 == UInt8(ascii: "`") }.count
            // A code span ends within its paragraph.
            var end = index + count
            while end < bytes.count, !(bytes[end] == newline && end + 1 < bytes.count && bytes[end + 1] == newline) { end += 1 }
            var search = index + count
            while search < end {
                guard bytes[search] == UInt8(ascii: "`") else { search += 1; continue }
                let closing = bytes[search...].prefix { $0 == UInt8(ascii: "`") }.count
                if closing == count {
                    copy(search + closing - index)
                    return
                }
                search += closing
            }
            copy(count)
        }

        /// `%%…%%` is left out, its line breaks kept. One never closed hides the rest of
        /// the note, as Obsidian's reading view does: a comment is never published by mistake.
        private mutating func dropComment() {
            var search = index + 2
            while search + 1 < bytes.count, !(bytes[search] == UInt8(ascii: "%") && bytes[search + 1] == UInt8(ascii: "%")) { search += 1 }
            let end = search + 1 < bytes.count ? search + 2 : bytes.count
            if end == bytes.count, search + 1 >= bytes.count {
                problem("this `%%` comment is never closed, so the rest of the entry is left out of the site, as Obsidian leaves it out; close it with another `%%`")
            }
            output.append(contentsOf: bytes[index..<end].filter { $0 == newline })
            index = end
        }
    }

    /// Whether an embed names an image: a photo, or a drawing a browser shows as it is.
    static func namesImage(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return Photo.isPhoto(name) || lowered.hasSuffix(".svg") || lowered.hasSuffix(".bmp")
    }

    /// Text as Markdown shows it literally: every ASCII mark escaped.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII, scalar.properties.isPatternSyntax || scalar == "_" { result.append("\\") }
            result.unicodeScalars.append(scalar)
        }
        return result
    }
}
