import Synchronization

/// Pages of slots, each slot holding a value made the first time it is read and then read by every
/// thread without a lock: a reader loads the slot's pointer (acquiring); the first readers race to make
/// the value, and one compare-and-exchange publishes the winner's (releasing), the others' dropped. A
/// page is allocated when its first slot is read, the same way. What the slots hold is freed with them.
/// Not copyable, and holding no object: reading a slot writes no reference count but the value's own.
///
/// A thread's copy of a catalog index keeps its texts here, a page per language (issue 45): a text is
/// copied into the copy the first time one of its threads reads it, so that the strings and templates an
/// alert retains are that copy's, which no other core writes — and a catalog of thousands of texts is
/// not copied eight times over when a pipeline is made, only the texts that alerts read, in the
/// languages they read.
///
/// Its plain twin, ``valueLocked(page:slot:_:)``, reads every slot under one lock; `ThreadCopiesTests`
/// checks that both give the value made once, from many threads at once.
struct OnceSlots<Value: Sendable>: ~Copyable, @unchecked Sendable {
    private typealias Pointer = Atomic<UnsafeMutableRawPointer?>

    /// Each page's slots, `nil` until one of them is first read; each slot `nil` or its value.
    private let pages: UnsafeMutablePointer<Pointer>
    /// The number of slots of each page (in memory of its own, not an array: reading it retains nothing).
    private let sizes: UnsafeMutablePointer<Int>
    /// The number of pages.
    private let pageCount: Int

    /// Empty pages of `sizes[page]` slots each.
    init(pageSizes: [Int]) {
        pageCount = pageSizes.count
        sizes = .allocate(capacity: max(pageCount, 1))
        sizes.initialize(from: pageSizes, count: pageCount)
        pages = .allocate(capacity: max(pageCount, 1))
        for page in 0..<pageCount { (pages + page).initialize(to: Pointer(nil)) }
    }

    deinit {
        for page in 0..<pageCount {
            let size = sizes[page]
            guard let slots = pages[page].load(ordering: .acquiring)?.assumingMemoryBound(to: Pointer.self) else {
                continue
            }
            for slot in 0..<size {
                if let value = slots[slot].load(ordering: .acquiring)?.assumingMemoryBound(to: Value.self) {
                    value.deinitialize(count: 1)
                    value.deallocate()
                }
            }
            slots.deinitialize(count: size)
            slots.deallocate()
        }
        pages.deinitialize(count: pageCount)
        pages.deallocate()
        sizes.deallocate()
    }

    /// The value of slot `slot` of page `page`, made by `make` the first time it is read. Read in place:
    /// a caller that uses one field of the value copies that field alone.
    @inline(__always)
    func value(page: Int, slot: Int, _ make: () -> Value) -> Value {
        (madeValue(page: page, slot: slot) ?? publish(make(), page: page, slot: slot)).pointee
    }

    /// Where the value of slot `slot` of page `page` is, if it has been made.
    @inline(__always)
    func madeValue(page: Int, slot: Int) -> UnsafePointer<Value>? {
        precondition(page >= 0 && page < pageCount && slot >= 0 && slot < sizes[page], "slot out of range")
        guard let slots = pages[page].load(ordering: .acquiring)?.assumingMemoryBound(to: Pointer.self),
            let value = slots[slot].load(ordering: .acquiring)
        else { return nil }
        return UnsafePointer(value.assumingMemoryBound(to: Value.self))
    }

    /// Publishes `value` in the slot unless another thread did first: where the value the slot holds is.
    @inline(never)
    private func publish(_ value: Value, page: Int, slot: Int) -> UnsafePointer<Value> {
        let slots = self.slots(of: page)
        let stored = UnsafeMutablePointer<Value>.allocate(capacity: 1)
        stored.initialize(to: value)
        let (exchanged, current) = slots[slot].compareExchange(
            expected: nil, desired: UnsafeMutableRawPointer(stored), ordering: .acquiringAndReleasing)
        if exchanged { return UnsafePointer(stored) }
        stored.deinitialize(count: 1)
        stored.deallocate()
        // The winner's value, which the slots keep.
        return UnsafePointer(current!.assumingMemoryBound(to: Value.self))
    }

    /// The slots of `page`, allocated (all empty) unless another thread did first.
    private func slots(of page: Int) -> UnsafeMutablePointer<Pointer> {
        if let slots = pages[page].load(ordering: .acquiring) { return slots.assumingMemoryBound(to: Pointer.self) }
        let size = sizes[page]
        let made = UnsafeMutablePointer<Pointer>.allocate(capacity: max(size, 1))
        for slot in 0..<size { (made + slot).initialize(to: Pointer(nil)) }
        let (exchanged, current) = pages[page].compareExchange(
            expected: nil, desired: UnsafeMutableRawPointer(made), ordering: .acquiringAndReleasing)
        if exchanged { return made }
        made.deinitialize(count: size)
        made.deallocate()
        return current!.assumingMemoryBound(to: Pointer.self)
    }

    /// The plain twin: the value of the slot read under a lock, made by `make` the first time.
    func valueLocked(page: Int, slot: Int, _ make: () -> Value) -> Value {
        precondition(page >= 0 && page < pageCount && slot >= 0 && slot < sizes[page], "slot out of range")
        return onceSlotsLock.withLock { _ in
            if let value = slots(of: page)[slot].load(ordering: .relaxed) {
                return value.assumingMemoryBound(to: Value.self).pointee
            }
            return publish(make(), page: page, slot: slot).pointee
        }
    }
}

/// The lock of ``OnceSlots``'s plain twin.
private let onceSlotsLock = LockedValue<Bool>(false)
