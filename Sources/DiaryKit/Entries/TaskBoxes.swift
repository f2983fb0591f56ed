import Mustache

/// A task list's boxes (`- [ ] call the bank`) as cmark-gfm renders them are form
/// controls without a name; each gets its task's words as its name, so a screen reader
/// says "call the bank, checkbox, checked" and not "checkbox" alone, and its item the
/// class `task` (`task done` when ticked, as its words are shown muted: the page's
/// stylesheet is checked by a validator that knows no `:has()`).
enum TaskBoxes {
    private static let box = Array("<input type=\"checkbox\" ".utf8)
    private static let boxEnd = Array("/>".utf8)
    private static let ticked = Array("checked=\"\"".utf8)
    private static let item = Array("<li>".utf8)
    private static let taskItem = Array("<li class=\"task\">".utf8)
    private static let doneItem = Array("<li class=\"task done\">".utf8)
    private static let nameOpening = Array("aria-label=\"".utf8), nameClosing = Array("\" ".utf8)

    /// The UTF-8 of HTML with each box named and its item marked a task; handed back as
    /// it is when it holds no box.
    static func labelled(_ html: [UInt8]) -> [UInt8] {
        html.withUnsafeBufferPointer { bytes in
            guard var start = byteOffset(of: box, in: bytes, from: 0) else { return nil }
            var result = [UInt8]()
            result.reserveCapacity(bytes.count + 256)
            var copied = 0
            while true {
                guard let end = byteOffset(of: boxEnd, in: bytes, from: start + box.count) else { break }
                // Its item is a task, which needs no bullet beside its box.
                if start - copied >= item.count, bytes[(start - item.count)..<start].elementsEqual(item) {
                    result += bytes[copied..<(start - item.count)]
                    let isTicked = byteOffset(of: ticked, in: UnsafeBufferPointer(rebasing: bytes[..<end]), from: start) != nil
                    result += isTicked ? doneItem : taskItem
                } else {
                    result += bytes[copied..<start]
                }
                result += bytes[start..<end]
                result += nameOpening
                appendWords(after: end + boxEnd.count, in: bytes, to: &result)
                result += nameClosing
                copied = end
                guard let next = byteOffset(of: box, in: bytes, from: end) else { break }
                start = next
            }
            result += bytes[copied...]
            return result
        } ?? html
    }

    /// The item's own words: its text up to its line's end or a list inside it, without
    /// tags, each run of spaces one space.
    private static func appendWords(after start: Int, in bytes: UnsafeBufferPointer<UInt8>, to result: inout [UInt8]) {
        var inTag = false, pendingSpace = false, wroteWord = false
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\n") { break }
            if byte == UInt8(ascii: "<") { inTag = true; continue }
            if byte == UInt8(ascii: ">") { inTag = false; continue }
            if inTag { continue }
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
                pendingSpace = wroteWord
                continue
            }
            if pendingSpace { result.append(UInt8(ascii: " ")); pendingSpace = false }
            // cmark-gfm writes a quote in text as `&quot;`; any other would end the attribute.
            result.append(byte == UInt8(ascii: "\"") ? UInt8(ascii: "'") : byte)
            wroteWord = true
        }
    }
}
