import CCmarkArena
import CCmarkGFM

/// Where one conversion's parser, document and rendered page live: the calling
/// thread's arena (CCmarkArena), which lets them all go at once; or, for a text so
/// long that what cmark-gfm frees while parsing it would pile up in an arena,
/// cmark-gfm's own allocator, each thing freed by itself.
struct CmarkMemory {
    /// The longest text, in UTF-8 bytes, converted in the arena: an ordinary entry is a
    /// few kilobytes, and what a parse frees stays in an arena until the entry is done.
    static let arenaLimit = 256 * 1024

    let allocator: UnsafeMutablePointer<cmark_mem>
    private let inArena: Bool

    init(textBytes: Int) {
        inArena = textBytes <= CmarkMemory.arenaLimit
        allocator = inArena ? cmark_arena().assumingMemoryBound(to: cmark_mem.self) : cmark_get_default_mem_allocator()
    }

    /// Lets go of what the conversion made, once the rendered page has been copied out.
    func release(parser: OpaquePointer, document: OpaquePointer, iterator: OpaquePointer?, rendered: UnsafeMutablePointer<CChar>) {
        guard !inArena else {
            cmark_arena_release()
            return
        }
        allocator.pointee.free(rendered)
        cmark_iter_free(iterator)
        cmark_node_free(document)
        cmark_parser_free(parser)
    }
}
