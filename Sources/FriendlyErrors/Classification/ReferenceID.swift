/// Short identifiers that join what a user saw to the full error in the logs.
///
/// An ID is 40 bits, `7K3Q-9X2M` in Crockford's base32. It is a 40-bit counter passed through a
/// keyed permutation of the 40-bit numbers (a six-round Feistel network whose round function is
/// SplitMix64's finalizer over a 64-bit round key); the keys are drawn from the system's random
/// generator once per process. What is promised, exactly:
///
/// - **Unique within a process** for its first 2^40 (about 10^12) IDs: a permutation maps distinct
///   counter values to distinct IDs. Only after 2^40 IDs does the sequence start again.
/// - **Not guessable from outside the process**: without the keys, an ID says nothing about the
///   IDs of another process, and each process starts with new keys, so two runs give unrelated
///   sequences. IDs of *different* processes may coincide (two random 40-bit values meet with
///   probability 2^-40 per pair); a log join therefore also uses the time or the host.
/// - **Not a secret**: the permutation is not a cryptographic one, and someone who collects many
///   IDs of one process could in principle learn its keys. Never use an ID as an access token.
///
/// Drawing an ID takes a few multiplications and, once per 1,024 IDs a thread draws, one atomic add: no
/// lock, no system call, and threads drawing IDs at once do not share a counter (``ThreadCounterBlocks``).
enum ReferenceID {
    // Crockford's base32: no I, L, O or U, so IDs read aloud or retyped survive.
    fileprivate static let alphabet: [UInt8] = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ".utf8)
    /// How many bits an ID carries: eight base32 digits.
    static let bitCount = 40
    private static let counter = ThreadCounterBlocks(bits: 40)
    static let processKeys: Keys = {
        var generator = SystemRandomNumberGenerator()
        return Keys(using: &generator)
    }()

    /// The round keys of one permutation.
    struct Keys: Sendable {
        var rounds: [UInt64]

        init(using generator: inout some RandomNumberGenerator) {
            rounds = (0..<6).map { _ in generator.next() }
        }
    }

    /// A fresh ID of 8 characters (40 bits) in two groups: `7K3Q-9X2M`.
    static func make() -> String {
        format(permute(counter.next(), keys: processKeys))
    }

    /// The keyed permutation of 40-bit numbers: a balanced Feistel network over two 20-bit halves,
    /// which is a bijection whatever its round function, so distinct inputs give distinct outputs.
    static func permute(_ value: UInt64, keys: Keys) -> UInt64 {
        let halfMask: UInt64 = (1 << 20) - 1
        var left = (value >> 20) & halfMask
        var right = value & halfMask
        for key in keys.rounds {
            (left, right) = (right, left ^ (mix(right ^ key) & halfMask))
        }
        return left << 20 | right
    }

    /// The 40 low bits of `bits` as `XXXX-XXXX`.
    static func format(_ bits: UInt64) -> String {
        // Decoded from a collection that computes each character: no byte array to allocate.
        String(decoding: Characters(bits: bits), as: UTF8.self)
    }

    /// The nine characters of an ID, each read off the bits when asked for.
    private struct Characters: RandomAccessCollection {
        let bits: UInt64
        var startIndex: Int { 0 }
        var endIndex: Int { 9 }

        subscript(position: Int) -> UInt8 {
            if position == 4 { return UInt8(ascii: "-") }
            // Five bits a character, the first character the highest: positions 0–3 then 5–8.
            let shift = position < 4 ? 35 - 5 * position : 40 - 5 * position
            return ReferenceID.alphabet[Int(truncatingIfNeeded: (bits >> UInt64(shift)) & 31)]
        }
    }

    static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
