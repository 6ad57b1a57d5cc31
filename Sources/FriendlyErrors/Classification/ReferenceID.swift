/// Short identifiers that join what a user saw to the full error in the logs.
enum ReferenceID {
    // Crockford's base32: no I, L, O or U, so IDs read aloud or retyped survive.
    private static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ".utf8)

    /// A fresh ID of 8 characters (40 random bits) in two groups: `7K3Q-9X2M`.
    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        var bits = generator.next() as UInt64
        var bytes = [UInt8](repeating: 0, count: 9)
        for index in (0..<9).reversed() where index != 4 {
            bytes[index] = alphabet[Int(bits & 31)]
            bits >>= 5
        }
        bytes[4] = UInt8(ascii: "-")
        return String(decoding: bytes, as: UTF8.self)
    }
}
