/// Copies of an object that every thread reads, made up front by its owner, which holds them and frees
/// them with itself: each thread reads the copy of its ``ThreadNumber`` (modulo the count), so the
/// reference counts an alert writes — retaining the object and what it holds — are written by that
/// thread alone, not by every core at once (issue 45). Threads whose numbers meet modulo the count share
/// a copy, and only they.
///
/// Its plain twin is the object itself, which every thread reads (what ``current`` being `nil` stands
/// for); `ThreadCopiesTests` checks that a thread reads one copy all its life and that two threads read
/// different ones, and `CatalogIndexTests` that an index's copies answer what the index answers.
struct ThreadCopies<Object: AnyObject & Sendable>: Sendable {
    private let copies: [Object]

    /// How many copies an owner makes: enough for the threads of a server's event loops or of the
    /// cooperative pool on most machines.
    static var defaultCount: Int { 8 }

    /// `count` copies, each made by `copy` (which must share no object that the readers retain).
    init(count: Int = Self.defaultCount, _ copy: () -> Object) {
        copies = (0..<count).map { _ in copy() }
    }

    /// No copies: every thread reads the object itself.
    static var none: Self { Self(count: 0) { fatalError("no copies") } }

    /// The calling thread's copy; `nil` without copies.
    var current: Object? {
        copies.isEmpty ? nil : copies[ThreadNumber.current % copies.count]
    }

    /// The copy that the thread numbered `number` reads; `nil` without copies.
    func copy(forThreadNumber number: Int) -> Object? {
        copies.isEmpty ? nil : copies[number % copies.count]
    }

    /// How many copies there are.
    var count: Int { copies.count }
}
