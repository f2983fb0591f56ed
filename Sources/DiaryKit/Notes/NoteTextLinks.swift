import Mustache

/// The parts of `NoteText`'s pass that read links and tags, and copy Markdown's own
/// links and autolinks as they are.
extension NoteText.Scan {
    /// `[[target|text]]` or `![[target|size or text]]` on one line, as a Markdown link
    /// or image to `[[target]]`; false when it is not one (left as it is written).
    mutating func wikiLink(embedded: Bool) -> Bool {
        let start = index + (embedded ? 3 : 2)
        let end = lineEnd(from: start)
        guard let close = (start..<end).first(where: { bytes[$0] == UInt8(ascii: "]") && $0 + 1 < end && bytes[$0 + 1] == UInt8(ascii: "]") }),
              close > start else {
            problem("this `\(embedded ? "![[" : "[[")` is never closed on its line, so it is shown as written; end the link with `]]`")
            return false
        }
        let inside = String(decoding: bytes[start..<close], as: UTF8.self)
        let target = String(inside.prefix { $0 != "|" }).trimmingSpaces
        let label = inside.contains("|") ? String(inside.drop { $0 != "|" }.dropFirst()).trimmingSpaces : nil
        guard !target.isEmpty, !target.contains(where: { "<>\\[\n".contains($0) }) else { return false }
        let isImage = embedded && NoteText.namesImage(target)
        // `![[photo.jpg|300]]` is a width; a word there is the image's description.
        let shown: String = if isImage {
            label.flatMap { $0.allSatisfy { $0.isNumber || $0 == "x" } ? nil : $0 } ?? ""
        } else {
            // `Note#Heading` reads "Note › Heading"; a block's id (`#^id`) is not for reading.
            label ?? target.split(separator: "#").filter { !$0.hasPrefix("^") }.joined(separator: " › ")
        }
        output.append(contentsOf: (isImage ? "![" : "[").utf8)
        output.append(contentsOf: NoteText.escaped(shown).utf8)
        output.append(contentsOf: "](<[[".utf8)
        output.append(contentsOf: target.utf8)
        output.append(contentsOf: "]]>)".utf8)
        index = close + 2
        return true
    }

    /// A Markdown link or image, `[text](destination)`, is copied as it is.
    mutating func copyMarkdownLink() {
        let end = lineEnd(from: index)
        var depth = 0, search = index
        while search < end {
            if bytes[search] == UInt8(ascii: "\\") { search += 2; continue }
            if bytes[search] == UInt8(ascii: "[") { depth += 1 }
            if bytes[search] == UInt8(ascii: "]") { depth -= 1; if depth == 0 { break } }
            search += 1
        }
        guard search + 1 < end, bytes[search] == UInt8(ascii: "]"), bytes[search + 1] == UInt8(ascii: "(") ,
              let close = bytes[(search + 1)..<end].firstIndex(of: UInt8(ascii: ")")) else {
            copy(1)
            return
        }
        copy(close + 1 - index)
    }

    /// `<https://…#fragment>` is copied as it is.
    mutating func copyAutolink() {
        let end = lineEnd(from: index)
        guard let close = bytes[index..<end].firstIndex(of: UInt8(ascii: ">")),
              bytes[index..<close].contains(UInt8(ascii: ":")), !bytes[index..<close].contains(32) else {
            copy(1)
            return
        }
        copy(close + 1 - index)
    }

    /// `#tag`, `#a/b` or `#[[several words]]` after a space: a tag when it holds
    /// something besides digits (`#1` is a number). False when it is no tag.
    mutating func tag() -> Bool {
        var tag: String
        var end: Int
        if at("#[[") {
            let lineEnd = lineEnd(from: index)
            guard let close = (index + 3..<lineEnd).first(where: { bytes[$0] == UInt8(ascii: "]") && $0 + 1 < lineEnd && bytes[$0 + 1] == UInt8(ascii: "]") })
            else { return false }
            tag = String(decoding: bytes[(index + 3)..<close], as: UTF8.self).trimmingSpaces
            end = close + 2
            guard !tag.contains(where: { "<>\\[]".contains($0) }) else { return false }
        } else {
            let rest = String(decoding: bytes[(index + 1)..<lineEnd(from: index + 1)], as: UTF8.self)
            tag = String(rest.prefix { $0.isLetter || $0.isNumber || "_-/".contains($0) || $0.isEmojiPresentation })
            while tag.hasSuffix("/") { tag.removeLast() }
            end = index + 1 + tag.utf8.count
        }
        guard !tag.isEmpty, tag.contains(where: { !$0.isNumber }) else { return false }
        if seenTags.insert(tag).inserted { tags.append(tag) }
        if tagLinks {
            output.append(contentsOf: "[#".utf8)
            output.append(contentsOf: NoteText.escaped(tag).utf8)
            output.append(contentsOf: "](<#[[".utf8)
            output.append(contentsOf: tag.utf8)
            output.append(contentsOf: "]]>)".utf8)
        } else {
            output.append(contentsOf: bytes[index..<end])
        }
        index = end
        return true
    }
}

private extension Character {
    /// An emoji drawn as one (🏃), which Obsidian allows in a tag.
    var isEmojiPresentation: Bool { unicodeScalars.first.map { $0.properties.isEmojiPresentation } ?? false }
}
