import Foundation

extension Array where Element: Sendable {
    /// `map` spread over every core. Results keep the array's order, so what is
    /// built from them stays byte-identical from run to run. A core takes `runLength`
    /// neighbouring elements at a time (writing files, two cores that made folders in
    /// the same folder at once waited on its lock in the kernel), or fewer, so that a
    /// short array still gives every core a run.
    func concurrentMap<T: Sendable>(runLength: Int = 1, _ transform: @Sendable (Element) -> T) -> [T] {
        guard !isEmpty else { return [] }
        // Each result is put straight in its place: a list of optionals, unwrapped after,
        // copied every result once more on one core.
        // The elements are read through a pointer too: `self[index]` counted a reference to
        // the array's storage up and down on every iteration, from both cores at once.
        return withUnsafeBufferPointer { elements in
            let source = Elements(base: elements.baseAddress!)
            return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
                let slots = Slots(base: buffer.baseAddress!)
                let runLength = Swift.max(1, Swift.min(runLength, count / processorCount))
                let runs = (count + runLength - 1) / runLength
                DispatchQueue.concurrentPerform(iterations: runs) { turn in
                    // Runs taken one from each half in turn, so that two cores are far apart;
                    // single elements in order, as neighbours share their memory's caches.
                    let run = runLength == 1 ? turn : turn.isMultiple(of: 2) ? turn / 2 : (runs + 1) / 2 + turn / 2
                    for index in run * runLength..<Swift.min(run * runLength + runLength, count) {
                        (slots.base + index).initialize(to: transform(source.base[index]))
                    }
                }
                initialized = count
            }
        }
    }
}

/// The cores online, as Dispatch counts the threads it runs `concurrentPerform` on.
/// `ProcessInfo.activeProcessorCount` also reads the cgroup's quota from files, which
/// every command then paid at its start, parsing the built-in theme.
private let processorCount = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))

/// Each iteration writes only its own index, so sharing the pointer is safe.
private struct Slots<T>: @unchecked Sendable {
    let base: UnsafeMutablePointer<T>
}

/// Read only, while the array they are in is held by the caller.
private struct Elements<T>: @unchecked Sendable {
    let base: UnsafePointer<T>
}

/// Runs `first` and `second` at the same time, on two cores when there are two:
/// for stages that do not need each other's results. `first` gets a thread of its
/// own: inside `concurrentPerform` the stages' own `concurrentMap`s ran on one core,
/// and a blocked worker of Dispatch's pool stalled them for a second.
func concurrently<A: Sendable, B: Sendable>(_ first: @Sendable () -> A, _ second: @Sendable () -> B) -> (A, B) {
    var a: A?
    let b = withUnsafeMutablePointer(to: &a) { a in
        withoutActuallyEscaping(first) { first in
            let slot = Slots(base: a)
            let job = Job { slot.base.pointee = first() }
            let done = DispatchSemaphore(value: 0)
            Thread {
                job.run()
                done.signal()
            }.start()
            let b = second()
            done.wait()
            return b
        }
    }
    return (a!, b)
}

/// Work for another thread, let go of as soon as it ran: the thread outlives it,
/// and `first` must not.
private final class Job: @unchecked Sendable {
    private var work: (() -> Void)?

    init(_ work: @escaping () -> Void) { self.work = work }

    func run() {
        work?()
        work = nil
    }
}

/// Lets go of `value` on another thread: freeing a build's records of thousands of
/// pages and entries took a rebuild milliseconds that the command waited for. The value
/// is moved into a job, which the other thread drops once it ran: a closure the caller
/// dropped after handing it over was at times the caller's to free, when the other
/// thread, waking, preempted it and finished first.
func releaseElsewhere<T: Sendable>(_ value: consuming T) {
    let job = Job { [value = consume value] in withExtendedLifetime(value) {} }
    DispatchQueue.global(qos: .utility).async { job.run() }
}

/// A value made on a thread of its own from the moment it is asked for, so that the
/// caller goes on meanwhile and waits only where it first needs it (`value`).
public final class ThreadedValue<Value: Sendable>: @unchecked Sendable {
    private let done = NSCondition()
    private var made: Value?

    public init(_ make: @escaping @Sendable () -> Value) {
        // The job is dropped once it ran, and with it whatever `make` holds.
        let job = Job { [self] in
            let value = make()
            done.withLock {
                made = value
                done.broadcast()
            }
        }
        Thread { job.run() }.start()
    }

    /// The value, once made.
    public var value: Value {
        done.withLock {
            while made == nil { done.wait() }
            return made!
        }
    }
}
