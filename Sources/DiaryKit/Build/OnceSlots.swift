import Synchronization

/// Values made at most once each, by place, and then read by any core without a lock:
/// for what pages made on every core ask for all the time, and a rebuild that makes a
/// few pages asks for only a few of.
final class OnceSlots<Value: Sendable>: @unchecked Sendable {
    private final class Made: Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    private let count: Int
    /// Each slot holds a retained `Made`, or nothing yet. Plain pointers, not references,
    /// so that slots never filled cost nothing to let go: a diary's date names have tens
    /// of thousands, and letting go of them one generic reference at a time took a
    /// rebuild that made pages about 2 ms.
    private let slots: UnsafeMutablePointer<Atomic<UnsafeRawPointer?>>

    init(count: Int) {
        self.count = count
        slots = .allocate(capacity: count)
        for place in 0..<count { (slots + place).initialize(to: Atomic(nil)) }
    }

    deinit {
        for place in 0..<count {
            if let made = slots[place].load(ordering: .acquiring) { Unmanaged<AnyObject>.fromOpaque(made).release() }
        }
        slots.deinitialize(count: count)
        slots.deallocate()
    }

    /// The value at `place`, made by `make` the first time it is asked for. Two cores
    /// that ask at once may both make it; the first one kept is the one every core gets.
    func value(at place: Int, _ make: () -> Value) -> Value {
        precondition(place >= 0 && place < count, "no slot \(place) of \(count)")
        if let made = slots[place].load(ordering: .acquiring) { return Unmanaged<Made>.fromOpaque(made).takeUnretainedValue().value }
        let new = Unmanaged.passRetained(Made(make()))
        let (kept, other) = slots[place].compareExchange(expected: nil, desired: UnsafeRawPointer(new.toOpaque()), ordering: .acquiringAndReleasing)
        if kept { return new.takeUnretainedValue().value }
        new.release()
        return Unmanaged<Made>.fromOpaque(other!).takeUnretainedValue().value
    }
}
