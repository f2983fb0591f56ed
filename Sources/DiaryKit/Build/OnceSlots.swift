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
    private let slots: UnsafeMutablePointer<AtomicLazyReference<Made>>

    init(count: Int) {
        self.count = count
        slots = .allocate(capacity: count)
        for place in 0..<count { (slots + place).initialize(to: AtomicLazyReference()) }
    }

    deinit {
        slots.deinitialize(count: count)
        slots.deallocate()
    }

    /// The value at `place`, made by `make` the first time it is asked for. Two cores
    /// that ask at once may both make it; the first one kept is the one every core gets.
    func value(at place: Int, _ make: () -> Value) -> Value {
        precondition(place >= 0 && place < count, "no slot \(place) of \(count)")
        if let made = slots[place].load() { return made.value }
        return slots[place].storeIfNil(Made(make())).value
    }
}
