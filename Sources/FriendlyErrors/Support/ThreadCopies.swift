/// Copies of an object that every thread reads, made up front by its owner, which holds them and frees
/// them with itself: each thread reads the copy of its ``ThreadNumber`` (modulo the count), so the
/// reference counts an alert writes — retaining the object and what it holds — are written by that
/// thread alone, not by every core at once (issue 45). Threads whose numbers meet modulo the count share
/// a copy, and only they. The count is a power of two, so that the modulo is a mask, not a division.
///
/// Its plain twin is the object itself, which every thread reads (what ``current`` being `nil` stands
/// for); `ThreadCopiesTests` checks that a thread reads one copy all its life, that two threads read
/// different ones and that the mask picks the copy the modulo picks, and `CatalogIndexTests` that an
/// index's copies answer what the index answers.
struct ThreadCopies<Object: AnyObject & Sendable>: Sendable {
    private let copies: [Object]
    /// `copies.count - 1`: with a count that is a power of two, `number & mask` is `number % count`.
    private let mask: Int

    /// How many copies an owner makes: enough for the threads of a server's event loops or of the
    /// cooperative pool on most machines.
    static var defaultCount: Int { 8 }

    /// `count` copies (none, or a power of two), each made by `copy` (which must share no object that the
    /// readers retain).
    init(count: Int = Self.defaultCount, _ copy: () -> Object) {
        precondition(count == 0 || count.nonzeroBitCount == 1, "ThreadCopies: \(count) is not a power of two")
        copies = (0..<count).map { _ in copy() }
        mask = count - 1
    }

    /// No copies: every thread reads the object itself.
    static var none: Self { Self(count: 0) { fatalError("no copies") } }

    /// The calling thread's copy; `nil` without copies.
    var current: Object? {
        copies.isEmpty ? nil : copies[ThreadNumber.current & mask]
    }

    /// The copy that the thread numbered `number` reads; `nil` without copies. An alert finds its thread's
    /// number once (``ThreadNumber/current`` reads a thread-specific slot) and reads every object's copy
    /// with it.
    func copy(forThreadNumber number: Int) -> Object? {
        copies.isEmpty ? nil : copies[number & mask]
    }

    /// How many copies there are.
    var count: Int { copies.count }
}
