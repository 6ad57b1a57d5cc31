/// Short identifiers that join what a user saw to the full error in the logs.
///
/// IDs come from a per-process random seed and a counter, mixed by SplitMix64: unique within a
/// process, unpredictable across processes, and without a `getrandom` system call per error.
enum ReferenceID {
    // Crockford's base32: no I, L, O or U, so IDs read aloud or retyped survive.
    private static let alphabet: [UInt8] = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ".utf8)
    private static let state: LockedValue<UInt64> = {
        var generator = SystemRandomNumberGenerator()
        return LockedValue(generator.next())
    }()

    /// A fresh ID of 8 characters (40 bits) in two groups: `7K3Q-9X2M`.
    static func make() -> String {
        var bits = mix(state.withLock { value in
            value &+= 0x9E37_79B9_7F4A_7C15
            return value
        })
        return String(unsafeUninitializedCapacity: 9) { buffer in
            for index in (0..<9).reversed() where index != 4 {
                buffer[index] = alphabet[Int(truncatingIfNeeded: bits & 31)]
                bits >>= 5
            }
            buffer[4] = UInt8(ascii: "-")
            return 9
        }
    }

    /// SplitMix64's finalizer: every bit of the output depends on every bit of the input.
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
