import Foundation

/// Templates by name, so they can include each other as partials
/// (`{{> calendar}}`), and the rendering of them.
public struct TemplateLibrary: Sendable {
    private let templates: [String: Template]
    /// Standalone partials with indentation are parsed again, indented, the first
    /// time they are met; pages render on every core, so the copies are shared under a lock.
    private let indentedCopies: IndentedCopies

    /// `constants` are named values every rendering sees the same, such as the site's
    /// words (`{{t.recap}}`): they are written into the templates once, so that no page
    /// looks them up. A context must not use their names for anything else.
    public init(_ templates: [String: Template], constants: TemplateFields = [:]) {
        self.templates = templates.mapValues { $0.fillingIn(constants) }
        indentedCopies = IndentedCopies(constants: constants)
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
        guard let template = templates[name] else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(template.source.utf8.count * 2)
        var stack = [context]
        try render(template.nodes, of: name, depth: 0, stack: &stack, into: &output)
        return output
    }

    private func render(_ nodes: [Template.Node], of name: String, depth: Int, stack: inout [TemplateValue],
                        into output: inout [UInt8]) throws(TemplateError) {
        // Through the array's buffer: each node is looked at where it lies, not copied
        // (and its text retained) on every page.
        try nodes.withUnsafeBufferPointer { nodes throws(TemplateError) in try render(nodes, of: name, depth: depth, stack: &stack, into: &output) }
    }

    private func render(_ nodes: UnsafeBufferPointer<Template.Node>, of name: String, depth: Int, stack: inout [TemplateValue],
                        into output: inout [UInt8]) throws(TemplateError) {
        for index in nodes.indices {
            switch nodes[index] {
            case .text(let text):
                output += text
            case .value(let path, let escaped):
                func append(_ bytes: UnsafeBufferPointer<UInt8>) {
                    if escaped { appendMarkup(bytes, escaping: true, to: &output) } else { output += bytes }
                }
                switch TemplateLibrary.lookUp(path, in: stack) {
                case nil: continue
                case .utf8(let bytes)?: bytes.withUnsafeBufferPointer(append)
                case let value?:
                    var text = if case .text(let text) = value { text } else { value.interpolated }
                    text.withUTF8(append)
                }
            case .section(let path, let inverted, let children):
                let value = TemplateLibrary.lookUp(path, in: stack)
                if inverted {
                    if value?.isFalsey ?? true { try render(children, of: name, depth: depth, stack: &stack, into: &output) }
                    continue
                }
                switch value {
                case nil, .flag(false)?:
                    break
                case .flag(true)?:
                    try render(children, of: name, depth: depth, stack: &stack, into: &output)
                case .list(let items)?:
                    for item in items {
                        stack.append(item)
                        try render(children, of: name, depth: depth, stack: &stack, into: &output)
                        stack.removeLast()
                    }
                case let value?:
                    stack.append(value)
                    try render(children, of: name, depth: depth, stack: &stack, into: &output)
                    stack.removeLast()
                }
            case .partial(let partialName, let indentation, let line):
                guard let partial = templates[partialName] else { continue }
                guard depth < TemplateLibrary.partialDepthLimit else {
                    throw TemplateError(line: line, message: "`{{> \(partialName)}}` is nested \(TemplateLibrary.partialDepthLimit) deep and never ends; "
                                            + "does a section inside it find its name again in an outer context?", template: name)
                }
                let nodes = indentation.isEmpty ? partial.nodes : indentedCopies.copy(of: partial, named: partialName, indentation: indentation).nodes
                try render(nodes, of: partialName, depth: depth + 1, stack: &stack, into: &output)
            }
        }
    }

    /// A name's first part is looked for from the innermost context outwards; the
    /// rest only inside what was found, so `a.b` never picks up an outer `b`.
    private static func lookUp(_ name: Template.Name, in stack: [TemplateValue]) -> TemplateValue? {
        guard let first = name.first else { return stack.last }
        var frame = stack.count
        while frame > 0 {
            frame -= 1
            guard case .object(let fields) = stack[frame], var value = fields[first] else { continue }
            for part in name.dropFirst() {
                guard case .object(let fields) = value, let next = fields[part] else { return nil }
                value = next
            }
            return value
        }
        return nil
    }
}

private final class IndentedCopies: @unchecked Sendable {
    private let lock = NSLock()
    private var copies: [String: Template] = [:]
    private let constants: TemplateFields

    init(constants: TemplateFields) { self.constants = constants }

    func copy(of template: Template, named name: String, indentation: String) -> Template {
        let key = indentation + "\u{0}" + name
        if let copy = lock.withLock({ copies[key] }) { return copy }
        let copy = template.indented(by: indentation).fillingIn(constants)
        lock.withLock { copies[key] = copy }
        return copy
    }
}
