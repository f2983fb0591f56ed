import Foundation

/// Where markup is appended to: an array of bytes, or a rendering's `RenderedBytes`.
public protocol MarkupOutput {
    mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>)
}

extension Array: MarkupOutput where Element == UInt8 {
    @inlinable
    public mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>) { append(contentsOf: bytes) }
}

/// The bytes of one rendering as it goes: memory of its own, appended to with a copy
/// and no more, where an array checks its uniqueness and capacity and makes an
/// iterator at each of the million appends of a site's pages. Let go by `bytes()`
/// or `discard()`.
struct RenderedBytes: MarkupOutput {
    private var start: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 256)
        start = UnsafeMutablePointer(OpaquePointer(malloc(self.capacity)!))
    }

    mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        if bytes.count > capacity - count { grow(toHold: count + bytes.count) }
        memcpy(start + count, source, bytes.count)
        count += bytes.count
    }

    private mutating func grow(toHold needed: Int) {
        while capacity < needed { capacity *= 2 }
        start = UnsafeMutablePointer(OpaquePointer(realloc(start, capacity)!))
    }

    /// The bytes as an array of their own size; the memory they were rendered in is let go.
    consuming func bytes() -> [UInt8] {
        let bytes = [UInt8](UnsafeBufferPointer(start: start, count: count))
        free(start)
        return bytes
    }

    /// Lets the memory go when the rendering failed.
    consuming func discard() { free(start) }
}
