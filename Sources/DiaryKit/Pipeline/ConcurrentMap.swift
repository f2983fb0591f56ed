import Dispatch

extension Array where Element: Sendable {
    /// `map` spread over every core. Results keep the array's order, so what is
    /// built from them stays byte-identical from run to run.
    func concurrentMap<T: Sendable>(_ transform: @Sendable (Element) -> T) -> [T] {
        guard !isEmpty else { return [] }
        var results = [T?](repeating: nil, count: count)
        results.withUnsafeMutableBufferPointer { buffer in
            let slots = Slots(base: buffer.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: count) { index in
                slots.base[index] = transform(self[index])
            }
        }
        return results.map { $0! }
    }
}

/// Each iteration writes only its own index, so sharing the pointer is safe.
private struct Slots<T>: @unchecked Sendable {
    let base: UnsafeMutablePointer<T?>
}
