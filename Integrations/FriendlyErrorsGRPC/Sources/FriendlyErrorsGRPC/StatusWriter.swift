/// A `google.rpc.Status` (google/rpc/status.proto, error_details.proto) in protobuf's binary wire format,
/// written field by field into one byte array: the bytes `GoogleRPCStatus(…).serializedBytes()` gives for
/// the same status (the tests decode them with grpc-swift-protobuf and compare), without building its
/// messages first and serializing each detail twice (once into its `Any`, once within the status).
///
/// proto3's rules: a string that is empty is not written; fields in their numbers' order; a nested
/// message is its field's tag, its length as a varint, then its fields.
struct StatusWriter {
    /// What has been written.
    private(set) var bytes: [UInt8] = []

    /// A status with `code` and `message`; its details follow (``detail(_:_:)``).
    init(code: Int, message: String, capacity: Int) {
        bytes.reserveCapacity(capacity)
        if code != 0 {
            bytes.append(Self.tag(1, .varint))
            varint(UInt64(code))
        }
        string(2, message)
    }

    /// One of `details` (field 3): an `Any` holding the message of type `typeURL` that `body` writes.
    mutating func detail(_ typeURL: DetailType, _ body: (inout StatusWriter) -> Void) {
        message(3) { any in
            any.string(1, typeURL.rawValue)
            // `value` is a `bytes` field: not written when the detail has nothing in it.
            any.message(2, omittingEmpty: true, body)
        }
    }

    /// A string field, unless it is empty.
    mutating func string(_ field: UInt8, _ value: String) {
        let count = value.utf8.count
        guard count > 0 else { return }
        bytes.append(Self.tag(field, .lengthDelimited))
        varint(UInt64(count))
        bytes.append(contentsOf: value.utf8)
    }

    /// A varint field (an `int64` or `int32` that is not negative), unless it is 0.
    mutating func integer(_ field: UInt8, _ value: Int) {
        guard value != 0 else { return }
        bytes.append(Self.tag(field, .varint))
        varint(UInt64(bitPattern: Int64(value)))
    }

    /// A message field, however empty unless `omittingEmpty`: its fields are what `body` writes; the
    /// length goes in the byte kept for it in front of them afterwards (a status's messages are shorter
    /// than 128 bytes but for a long text; a longer length moves the bytes after it up).
    mutating func message(
        _ field: UInt8, omittingEmpty: Bool = false, _ body: (inout StatusWriter) -> Void
    ) {
        bytes.append(Self.tag(field, .lengthDelimited))
        bytes.append(0)
        let start = bytes.count
        body(&self)
        length(ofFieldAt: start, omittingEmpty: omittingEmpty)
    }

    /// An AIP-193 reason field for the stable `code` (``GRPCStatusTable/reason(for:)``), written in place.
    mutating func reason(_ field: UInt8, for code: String) {
        bytes.append(Self.tag(field, .lengthDelimited))
        bytes.append(0)
        let start = bytes.count
        GRPCStatusTable.appendReason(for: code, to: &bytes)
        length(ofFieldAt: start, omittingEmpty: false)
    }

    /// Puts the length of what follows `start` in the byte before it (which was kept for it).
    private mutating func length(ofFieldAt start: Int, omittingEmpty: Bool) {
        var length = UInt64(bytes.count - start)
        if length == 0, omittingEmpty {
            bytes.removeLast(2)
            return
        }
        if length < 0x80 {
            bytes[start - 1] = UInt8(length)
            return
        }
        var prefix: [UInt8] = []
        while length >= 0x80 {
            prefix.append(UInt8(truncatingIfNeeded: length) | 0x80)
            length >>= 7
        }
        prefix.append(UInt8(length))
        bytes.replaceSubrange((start - 1)..<start, with: prefix)
    }

    /// A `map<string, string>` entry (field `field`): a message with the key as field 1, the value as 2.
    mutating func mapEntry(_ field: UInt8, _ key: String, _ value: String) {
        message(field) { entry in
            entry.string(1, key)
            entry.string(2, value)
        }
    }

    private mutating func varint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    private enum WireType: UInt8 {
        case varint = 0
        case lengthDelimited = 2
    }

    private static func tag(_ field: UInt8, _ type: WireType) -> UInt8 { field << 3 | type.rawValue }

    /// The details' type URLs, as grpc-swift-protobuf packs them.
    enum DetailType: String {
        case errorInfo = "type.googleapis.com/google.rpc.ErrorInfo"
        case localizedMessage = "type.googleapis.com/google.rpc.LocalizedMessage"
        case badRequest = "type.googleapis.com/google.rpc.BadRequest"
        case retryInfo = "type.googleapis.com/google.rpc.RetryInfo"
        case help = "type.googleapis.com/google.rpc.Help"
        case requestInfo = "type.googleapis.com/google.rpc.RequestInfo"
    }
}
