import GRPCCore
import GRPCProtobuf
import Testing

@testable import FriendlyErrorsGRPC

/// The interceptor writes its `google.rpc.Status` straight into bytes; grpc-swift-protobuf's own
/// serializer (through SwiftProtobuf's messages) is the plain twin these bytes must agree with.
@Suite struct StatusWriterTests {
    /// Every detail the interceptor writes, with lengths of one, two and three varint bytes; the reasons
    /// written in place from the stable codes, as the interceptor writes them.
    static func written(message: String, longText: String, metadata: [(String, String)]) -> [UInt8] {
        var status = StatusWriter(code: RPCError.Code.invalidArgument.rawValue, message: message, capacity: 16)
        status.detail(.errorInfo) { info in
            info.reason(1, for: "order.invalid")
            info.string(2, "shop.example.com")
            for (key, value) in metadata { info.mapEntry(3, key, value) }
        }
        status.detail(.localizedMessage) { localized in
            localized.string(1, "ja")
            localized.string(2, longText)
        }
        status.detail(.badRequest) { badRequest in
            for field in ["items[0].price", "items[0].`unit price`"] {
                badRequest.message(1) { violation in
                    violation.string(1, field)
                    violation.string(2, "The price must be 0 or more.")
                    violation.reason(3, for: "order.priceNegative")
                    violation.message(4) { localized in
                        localized.string(1, "ja")
                        localized.string(2, "価格は0以上にしてください。")
                    }
                }
            }
        }
        status.detail(.retryInfo) { retry in retry.message(1) { delay in delay.integer(1, 30) } }
        status.detail(.help) { help in
            help.message(1) { link in
                link.string(1, "カタログを開く")
                link.string(2, "https://shop.example.com/catalog")
            }
        }
        status.detail(.requestInfo) { request in request.string(1, "REF-7K3Q-9XW2") }
        return status.bytes
    }

    static func expected(message: String, longText: String, metadata: [(String, String)]) -> GoogleRPCStatus {
        GoogleRPCStatus(
            code: .invalidArgument, message: message,
            details: [
                .errorInfo(
                    reason: "ORDER_INVALID", domain: "shop.example.com",
                    metadata: Dictionary(uniqueKeysWithValues: metadata)),
                .localizedMessage(locale: "ja", message: longText),
                .badRequest(
                    violations: ["items[0].price", "items[0].`unit price`"].map { field in
                        ErrorDetails.BadRequest.FieldViolation(
                            field: field, description: "The price must be 0 or more.", reason: "ORDER_PRICE_NEGATIVE",
                            localizedMessage: ErrorDetails.LocalizedMessage(
                                locale: "ja", message: "価格は0以上にしてください。"))
                    }),
                .retryInfo(delay: .seconds(30)),
                .help(links: [ErrorDetails.Help.Link(url: "https://shop.example.com/catalog", description: "カタログを開く")]),
                .requestInfo(requestID: "REF-7K3Q-9XW2", servingData: ""),
            ])
    }

    @Test(arguments: [1, 100, 3_000])
    func theBytesAreGRPCSwiftProtobufsOwnByteForByte(repeats: Int) throws {
        let message = String(repeating: "The order is not valid. ", count: repeats)
        let longText = String(repeating: "注文の内容が正しくありません。", count: repeats)
        let metadata = [("code", "order.invalid")]
        let bytes = Self.written(message: message, longText: longText, metadata: metadata)
        let plain: [UInt8] = try Self.expected(message: message, longText: longText, metadata: metadata)
            .serializedBytes()
        #expect(bytes == plain)
    }

    @Test func aStatusWithEveryDetailReadsBackAsWritten() throws {
        // Two map entries: protobuf leaves their order open, so the status is compared, not the bytes.
        let metadata = [("code", "order.invalid"), ("traceId", "4bf92f3577b34da6a3ce929d0e0e4736")]
        let bytes = Self.written(message: "The order is not valid.", longText: "注文", metadata: metadata)
        let read = try GoogleRPCStatus(serializedBytes: bytes)
        #expect(read == Self.expected(message: "The order is not valid.", longText: "注文", metadata: metadata))
    }

    @Test func emptyStringsAndAZeroDelayAreNotWrittenButEmptyMessagesAre() throws {
        var status = StatusWriter(code: RPCError.Code.unknown.rawValue, message: "", capacity: 0)
        status.detail(.retryInfo) { retry in retry.message(1) { delay in delay.integer(1, 0) } }
        status.detail(.requestInfo) { request in request.string(1, "") }
        let plain: [UInt8] = try GoogleRPCStatus(
            code: .unknown, message: "",
            details: [.retryInfo(delay: .zero), .requestInfo(requestID: "", servingData: "")]
        ).serializedBytes()
        #expect(status.bytes == plain)
    }
}
