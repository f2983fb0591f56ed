/// A template's tree laid out for rendering: one array of nodes that hold no
/// references (a section's children follow it, up to its end), pointing into one
/// buffer of text and one array of names' parts. Walking it copies and retains nothing:
/// pages are rendered on every core at once from the same templates, and each
/// reference a node held was counted up and down by all of them in turn.
struct FlatTemplate: Sendable {
    enum Node: Sendable {
        /// `count` bytes of `text` from `start`.
        case text(start: Int32, count: Int32)
        case value(Name, escaped: Bool)
        /// The section's children are the nodes after it, up to `end`.
        case section(Name, inverted: Bool, end: Int32)
        /// The partial at `partial` in `partials`.
        case partial(Int32, line: Int32)
    }

    /// A dotted name: `count` parts of `nameParts` from `start` (none for `.`).
    struct Name: Sendable {
        let start: Int32
        let count: Int32
    }

    struct Partial: Sendable {
        let name: String
        let indentation: String
        /// The included template's place in its library, or nil if the library has none of that name.
        let number: Int?
    }

    let nodes: [Node]
    let text: [UInt8]
    let nameParts: [String]
    let partials: [Partial]
    /// Kept to make indented copies for standalone partials.
    let source: String

    /// `numbers` are the places of the library's templates, by name, for the partials.
    init(_ template: Template, numbers: [String: Int]) {
        var nodes: [Node] = []
        var text: [UInt8] = []
        var nameParts: [String] = []
        func add(_ name: Template.Name) -> Name {
            defer { nameParts += name }
            return Name(start: Int32(nameParts.count), count: Int32(name.count))
        }
        var partials: [Partial] = []
        func lay(_ tree: [Template.Node]) {
            for node in tree {
                switch node {
                case .text(let bytes):
                    nodes.append(.text(start: Int32(text.count), count: Int32(bytes.count)))
                    text += bytes
                case .value(let name, let escaped):
                    nodes.append(.value(add(name), escaped: escaped))
                case .section(let name, let inverted, let children):
                    let section = nodes.count, sectionName = add(name)
                    nodes.append(.section(sectionName, inverted: inverted, end: 0))
                    lay(children)
                    nodes[section] = .section(sectionName, inverted: inverted, end: Int32(nodes.count))
                case .partial(let name, let indentation, let line):
                    nodes.append(.partial(Int32(partials.count), line: Int32(line)))
                    partials.append(Partial(name: name, indentation: indentation, number: numbers[name]))
                }
            }
        }
        lay(template.nodes)
        self.nodes = nodes
        self.text = text
        self.nameParts = nameParts
        self.partials = partials
        source = template.source
    }
}
