/// Marks the storage of values that live as long as the process and are read by every thread (a warm
/// pipeline's catalog, its classifier chain) immortal, so that the Swift runtime skips their reference
/// counts: a retain or release of an immortal object reads its header and writes nothing. Threads
/// sharing a pipeline then no longer write to the same cache lines on every alert, which is what kept
/// two threads from answering faster than one (issue 35, `Benchmarks/README.md`).
///
/// What is marked is never freed: only values the library owns and keeps for the life of the process
/// are marked (never an app's own objects, classifiers or closures), and everything marked stays
/// reachable from ``kept`` so that a leak checker sees it as live. Only the library's own classes and
/// the standard library's storages are marked, none of which is ever weakly referenced (marking sets
/// bits of the object's count word, where an object with weak references keeps its side table).
///
/// The walk visits class instances, arrays, dictionaries, sets and native strings reachable through
/// stored properties (`Mirror`), once each. Objects that hold a lock or a lazily filled value take part
/// through ``SharedForeverPreparing``, which finishes their lazy work first; they are not mirrored.
///
/// Its plain twin is not marking at all (``isEnabled`` false): the same alerts, the reference counts
/// written as before. `SharedForeverTests` checks that both give the same alerts.
enum SharedForever {
    /// Whether ``keep(_:)`` marks anything (tests turn it off to compare with the plain twin). Linux
    /// only: Apple's runtimes have `_swift_stdlib_immortalize` only from their 2023 releases on, and a
    /// symbol missing from an older system's runtime would keep an app from loading at all.
    #if os(Linux)
        nonisolated(unsafe) static var isEnabled = true
    #else
        nonisolated(unsafe) static var isEnabled = false
    #endif

    /// Every root marked so far, so that what is marked stays reachable.
    private static let kept = LockedValue<[any Sendable]>([])

    /// Marks `value`'s storage, and everything it reaches, immortal; how many objects it marked.
    @discardableResult
    static func keep(_ value: any Sendable) -> Int {
        guard isEnabled else { return 0 }
        var walker = Walker()
        walker.walk(value)
        kept.withLock { $0.append(value) }
        return walker.visited.count
    }

    /// Marks the storage of an array, dictionary or set, not what its elements reach: for values every
    /// alert copies (and so retains) but never reads into.
    static func keepStorageOnly<C: Collection & Sendable>(_ collection: C) {
        guard isEnabled, MemoryLayout<C>.size == MemoryLayout<UnsafeMutableRawPointer>.size,
            C.self is any SharedForeverStorage.Type
        else { return }
        // The shared empty storages are immortal already: marking one again changes nothing.
        _swift_stdlib_immortalize(unsafeBitCast(collection, to: UnsafeMutableRawPointer.self))
        kept.withLock { $0.append(collection) }
    }

    /// One walk: what it has visited.
    struct Walker {
        fileprivate var visited = Set<UnsafeMutableRawPointer>()
        /// Types known to be neither ``SharedForeverPreparing`` nor ``SharedForeverStorage``: mirrored
        /// without asking the runtime for either conformance again (a failing cast costs more than the rest).
        private var plainTypes = Set<ObjectIdentifier>()

        /// Marks `object` unless visited; whether it was new.
        mutating func mark(_ object: UnsafeMutableRawPointer) -> Bool {
            guard visited.insert(object).inserted else { return false }
            _swift_stdlib_immortalize(object)
            return true
        }

        /// Marks a class instance (its children are the caller's to walk).
        mutating func mark(object: AnyObject) -> Bool {
            mark(Unmanaged.passUnretained(object).toOpaque())
        }

        /// Marks an array's storage, not what its elements reach.
        mutating func markStorageOnly<Element>(of array: [Element]) {
            guard array.capacity > 0 else { return }
            _ = mark(unsafeBitCast(array, to: UnsafeMutableRawPointer.self))
        }

        mutating func walk(_ value: Any) {
            let valueType = ObjectIdentifier(Swift.type(of: value))
            if !plainTypes.contains(valueType) {
                if let preparing = value as? any SharedForeverPreparing {
                    preparing.prepareForSharing(&self)
                    return
                }
                if let storage = value as? any SharedForeverStorage {
                    storage.markStorage(&self)
                    return
                }
                plainTypes.insert(valueType)
            }
            let mirror = Mirror(reflecting: value)
            // Nothing of a struct, enum or tuple without children is reference-counted storage to mark.
            guard mirror.displayStyle == .class || !mirror.children.isEmpty else { return }
            if mirror.displayStyle == .class {
                // Only the library's own classes, which are never weakly referenced: the runtime marks
                // an object by setting bits of its count, which would corrupt the side table an object
                // with weak references has. Another module's object is left as it is, and not walked.
                let object = value as AnyObject
                guard _typeName(type(of: object), qualified: true).hasPrefix("FriendlyErrors."),
                    mark(object: object)
                else { return }
            }
            walkChildren(of: mirror)
        }

        private mutating func walkChildren(of mirror: Mirror) {
            for child in mirror.children { walk(child.value) }
            if let superclass = mirror.superclassMirror { walkChildren(of: superclass) }
        }
    }
}

/// A type that finishes its lazy work (reads a template, fills a cache) and then marks what it holds,
/// instead of being mirrored: ``SharedForever/keep(_:)`` calls it.
protocol SharedForeverPreparing {
    func prepareForSharing(_ walker: inout SharedForever.Walker)
}

/// The standard library's reference-counted storages: a single reference each on this platform.
protocol SharedForeverStorage {
    func markStorage(_ walker: inout SharedForever.Walker)
}

extension Array: SharedForeverStorage {
    func markStorage(_ walker: inout SharedForever.Walker) {
        guard capacity > 0 else { return }  // the shared empty storage, already immortal
        let storage = unsafeBitCast(self, to: UnsafeMutableRawPointer.self)
        guard walker.mark(storage), !_isPOD(Element.self) else { return }
        // Strings, the most common elements, marked without going through `Any`.
        if Element.self == String.self {
            for element in self { unsafeBitCast(element, to: String.self).markStorage(&walker) }
            return
        }
        // Elements that prepare themselves, asked directly: one cast for the array, not one per element.
        if let preparing = Element.self as? any SharedForeverPreparing.Type {
            prepareEach(as: preparing, &walker)
            return
        }
        for element in self { walker.walk(element) }
    }

    fileprivate func prepareEach<P: SharedForeverPreparing>(as _: P.Type, _ walker: inout SharedForever.Walker) {
        for element in unsafeBitCast(self, to: [P].self) { element.prepareForSharing(&walker) }
    }
}

extension ContiguousArray: SharedForeverStorage {
    func markStorage(_ walker: inout SharedForever.Walker) {
        guard capacity > 0 else { return }
        let storage = unsafeBitCast(self, to: UnsafeMutableRawPointer.self)
        guard walker.mark(storage), !_isPOD(Element.self) else { return }
        for element in self { walker.walk(element) }
    }
}

extension Dictionary: SharedForeverStorage {
    func markStorage(_ walker: inout SharedForever.Walker) {
        guard capacity > 0 else { return }
        let storage = unsafeBitCast(self, to: UnsafeMutableRawPointer.self)
        guard walker.mark(storage) else { return }
        if Key.self == String.self {
            for key in keys { unsafeBitCast(key, to: String.self).markStorage(&walker) }
        } else if !_isPOD(Key.self) {
            for key in keys { walker.walk(key) }
        }
        if Value.self == String.self {
            for value in values { unsafeBitCast(value, to: String.self).markStorage(&walker) }
        } else if let preparing = Value.self as? any SharedForeverPreparing.Type {
            Array(values).prepareEach(as: preparing, &walker)
        } else if !_isPOD(Value.self) {
            for value in values { walker.walk(value) }
        }
    }
}

extension Set: SharedForeverStorage {
    func markStorage(_ walker: inout SharedForever.Walker) {
        guard capacity > 0 else { return }
        let storage = unsafeBitCast(self, to: UnsafeMutableRawPointer.self)
        guard walker.mark(storage), !_isPOD(Element.self) else { return }
        for element in self { walker.walk(element) }
    }
}

extension String: SharedForeverStorage {
    /// A native string's storage object: the second word of its representation, when the first says
    /// the bytes are natively stored (tail-allocated in a `__StringStorage`) and the second's top four
    /// bits are clear (not small, not immortal, not foreign).
    func markStorage(_ walker: inout SharedForever.Walker) {
        #if arch(x86_64) || arch(arm64)
            let (countAndFlags, object) = unsafeBitCast(self, to: (UInt64, UInt64).self)
            let nativelyStored: UInt64 = 1 << 61
            guard countAndFlags & nativelyStored != 0, object >> 60 == 0, object != 0,
                let pointer = UnsafeMutableRawPointer(bitPattern: UInt(object))
            else { return }
            _ = walker.mark(pointer)
        #endif
    }
}

extension Substring: SharedForeverStorage {
    func markStorage(_ walker: inout SharedForever.Walker) { base.markStorage(&walker) }
}

#if os(Linux)
    @_silgen_name("_swift_stdlib_immortalize")
    private func _swift_stdlib_immortalize(_ object: UnsafeMutableRawPointer)
#else
    /// Never called (``SharedForever/isEnabled`` is false here): no reference to the runtime's symbol.
    private func _swift_stdlib_immortalize(_ object: UnsafeMutableRawPointer) {}
#endif
