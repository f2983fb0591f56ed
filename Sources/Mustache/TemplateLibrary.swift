import Foundation

/// Templates by name, so they can include each other as partials
/// (`{{> calendar}}`), and the rendering of them.
public struct TemplateLibrary: Sendable {
    /// In the order of their names; each partial holds the place of the template it
    /// includes, so that rendering one looks no name up and copies no template.
    private let templates: [FlatTemplate]
    private let numbers: [String: Int]
    /// Standalone partials with indentation are parsed again, indented, the first
    /// time they are met; pages render on every core, so the copies are shared under a lock.
    private let indentedCopies: IndentedCopies

    /// `constants` are named values every rendering sees the same, such as the site's
    /// words (`{{t.recap}}`): they are written into the templates once, so that no page
    /// looks them up. A context must not use their names for anything else.
    public init(_ templates: [String: Template], constants: TemplateFields = [:]) {
        let names = templates.keys.sorted()
        let numbers = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($0.element, $0.offset) })
        self.templates = names.map { FlatTemplate(templates[$0]!.fillingIn(constants), numbers: numbers) }
        self.numbers = numbers
        indentedCopies = IndentedCopies(constants: constants, numbers: numbers)
    }

    /// Partials may include themselves, as a tree is drawn; this deep, one surely
    /// never ends (a name found in an outer context can keep the recursion going).
    static let partialDepthLimit = 100

    /// The template `name` filled in from `context`; nil when there is no such template.
    public func render(_ name: String, _ context: TemplateValue) throws(TemplateError) -> String? {
        try renderUTF8(name, context).map { String(decoding: $0, as: UTF8.self) }
    }

    /// `render` as UTF-8 bytes, for a page to be written as they are: a String of a
    /// whole page would check every byte of it again.
    public func renderUTF8(_ name: String, _ context: TemplateValue) throws(TemplateError) -> [UInt8]? {
        guard let number = numbers[name] else { return nil }
        var output = RenderedBytes(capacity: templates[number].source.utf8.count * 2)
        var stack = [context]
        do {
            try render(templates[number], of: name, depth: 0, stack: &stack, into: &output)
        } catch {
            output.discard()
            throw error
        }
        return output.bytes()
    }

    /// What one rendering of a template reads, as buffers: each node, text and name is
    /// looked at where it lies, not copied (and retained) on every page.
    private struct Buffers {
        let nodes: UnsafeBufferPointer<FlatTemplate.Node>
        let text: UnsafeBufferPointer<UInt8>
        let nameParts: UnsafeBufferPointer<String>
        let partials: UnsafeBufferPointer<FlatTemplate.Partial>

        func parts(of name: FlatTemplate.Name) -> UnsafeBufferPointer<String> {
            UnsafeBufferPointer(rebasing: nameParts[Int(name.start)..<Int(name.start + name.count)])
        }
    }

    private func render(_ template: FlatTemplate, of name: String, depth: Int, stack: inout [TemplateValue],
                        into output: inout RenderedBytes) throws(TemplateError) {
        try template.nodes.withUnsafeBufferPointer { nodes throws(TemplateError) in
            try template.text.withUnsafeBufferPointer { text throws(TemplateError) in
                try template.nameParts.withUnsafeBufferPointer { nameParts throws(TemplateError) in
                    try template.partials.withUnsafeBufferPointer { partials throws(TemplateError) in
                        let buffers = Buffers(nodes: nodes, text: text, nameParts: nameParts, partials: partials)
                        try render(nodes.indices, of: buffers, name: name, depth: depth, stack: &stack, into: &output)
                    }
                }
            }
        }
    }

    private func render(_ range: Range<Int>, of template: Buffers, name: String, depth: Int, stack: inout [TemplateValue],
                        into output: inout RenderedBytes) throws(TemplateError) {
        var index = range.lowerBound
        while index < range.upperBound {
            let node = template.nodes[index]
            index += 1
            switch node {
            case .text(let start, let count):
                output.appendBytes(UnsafeBufferPointer(rebasing: template.text[Int(start)..<Int(start + count)]))
            case .value(let path, let escaped):
                func append(_ bytes: UnsafeBufferPointer<UInt8>) {
                    if escaped { appendMarkup(bytes, escaping: true, to: &output) } else { output.appendBytes(bytes) }
                }
                switch TemplateLibrary.lookUp(template.parts(of: path), in: stack) {
                case nil: continue
                case .utf8(let bytes)?: bytes.withUnsafeBufferPointer(append)
                case let value?:
                    var text = if case .text(let text) = value { text } else { value.interpolated }
                    text.withUTF8(append)
                }
            case .section(let path, let inverted, let end):
                let children = index..<Int(end)
                index = Int(end)
                let value = TemplateLibrary.lookUp(template.parts(of: path), in: stack)
                if inverted {
                    if value?.isFalsey ?? true { try render(children, of: template, name: name, depth: depth, stack: &stack, into: &output) }
                    continue
                }
                switch value {
                case nil, .flag(false)?:
                    break
                case .flag(true)?:
                    try render(children, of: template, name: name, depth: depth, stack: &stack, into: &output)
                case .list(let items)?:
                    for item in items {
                        stack.append(item)
                        try render(children, of: template, name: name, depth: depth, stack: &stack, into: &output)
                        stack.removeLast()
                    }
                case let value?:
                    stack.append(value)
                    try render(children, of: template, name: name, depth: depth, stack: &stack, into: &output)
                    stack.removeLast()
                }
            case .partial(let partialIndex, let line):
                let partialName = template.partials[Int(partialIndex)].name
                guard let number = template.partials[Int(partialIndex)].number else { continue }
                guard depth < TemplateLibrary.partialDepthLimit else {
                    throw TemplateError(line: Int(line), message: "`{{> \(partialName)}}` is nested \(TemplateLibrary.partialDepthLimit) deep and never ends; "
                                            + "does a section inside it find its name again in an outer context?", template: name)
                }
                let indentation = template.partials[Int(partialIndex)].indentation
                if indentation.isEmpty {
                    try render(templates[number], of: partialName, depth: depth + 1, stack: &stack, into: &output)
                } else {
                    let copy = indentedCopies.copy(of: templates[number], named: partialName, indentation: indentation)
                    try render(copy, of: partialName, depth: depth + 1, stack: &stack, into: &output)
                }
            }
        }
    }

    /// A name's first part is looked for from the innermost context outwards; the
    /// rest only inside what was found, so `a.b` never picks up an outer `b`.
    private static func lookUp(_ name: UnsafeBufferPointer<String>, in stack: [TemplateValue]) -> TemplateValue? {
        guard let first = name.first else { return stack.last }
        return stack.withUnsafeBufferPointer { frames in
            var frame = frames.count
            while frame > 0 {
                frame -= 1
                guard var value = frames[frame].field(first) else { continue }
                for part in name.dropFirst() {
                    guard let next = value.field(part) else { return nil }
                    value = next
                }
                return value
            }
            return nil
        }
    }
}

private final class IndentedCopies: @unchecked Sendable {
    private let lock = NSLock()
    private var copies: [String: FlatTemplate] = [:]
    private let constants: TemplateFields
    private let numbers: [String: Int]

    init(constants: TemplateFields, numbers: [String: Int]) {
        self.constants = constants
        self.numbers = numbers
    }

    func copy(of template: FlatTemplate, named name: String, indentation: String) -> FlatTemplate {
        let key = indentation + "\u{0}" + name
        if let copy = lock.withLock({ copies[key] }) { return copy }
        // Whitespace at the start of lines cannot make a template that parsed unreadable.
        guard let indented = try? Template(source: Template.indenting(template.source, by: indentation)) else { return template }
        let copy = FlatTemplate(indented.fillingIn(constants), numbers: numbers)
        lock.withLock { copies[key] = copy }
        return copy
    }
}
