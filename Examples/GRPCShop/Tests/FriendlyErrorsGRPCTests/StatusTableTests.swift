import Foundation
import FriendlyErrors
import GRPCCore
import Testing

@testable import FriendlyErrorsGRPC

/// The mappings of the README's table, without a server.
@Suite struct StatusTableTests {
    @Test(arguments: [
        (ErrorCategory.invalidInput, RPCError.Code.invalidArgument), (.invalidData, .invalidArgument),
        (.notFound, .notFound), (.unauthenticated, .unauthenticated), (.permissionDenied, .permissionDenied),
        (.conflict, .aborted), (.rateLimited, .resourceExhausted), (.insufficientStorage, .resourceExhausted),
        (.unavailable, .unavailable), (.timeout, .deadlineExceeded), (.cancelled, .cancelled),
        (.internal, .internalError), (.ioFailure, .internalError), (.configuration, .internalError),
        (.unknown, .unknown),
        (ErrorCategory("paymentRequired", httpStatus: 402, exitStatus: 1), .failedPrecondition),
        (ErrorCategory("notImplemented", httpStatus: 501, exitStatus: 1), .unimplemented),
    ])
    func eachCategoryHasItsStatusCode(category: ErrorCategory, code: RPCError.Code) {
        let alert = Alert(code: "x", category: category, title: "", message: "", actions: [])
        #expect(GRPCStatusTable.code(for: alert) == code)
    }

    /// The categories of the table above: a built-in category added later fails here until it has its row.
    static let tabled: Set<String> = [
        "invalidInput", "invalidData", "notFound", "unauthenticated", "permissionDenied", "conflict", "rateLimited",
        "insufficientStorage", "unavailable", "timeout", "cancelled", "internal", "ioFailure", "configuration",
        "unknown",
    ]

    /// Every built-in category, as the core's public API baseline lists them (`API/FriendlyErrors.txt`: one
    /// `ErrorCategory.<name> Var : FriendlyErrors.ErrorCategory static` line each): the core's promise, read
    /// without reaching into its internals.
    @Test func everyBuiltInCategoryIsInTheTable() throws {
        let baseline = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../../API/FriendlyErrors.txt").standardized
        let lines = try String(contentsOf: baseline, encoding: .utf8).split(separator: "\n")
        let suffix = " Var : FriendlyErrors.ErrorCategory static extension"
        let names = lines.filter { $0.hasPrefix("ErrorCategory.") && $0.hasSuffix(suffix) }
            .map { String($0.dropFirst("ErrorCategory.".count).dropLast(suffix.count)) }
        #expect(Set(names) == Self.tabled)
    }

    @Test(arguments: [
        ("order.insufficientFunds", "ORDER_INSUFFICIENT_FUNDS"), ("http.404", "HTTP_404"), ("unexpected", "UNEXPECTED"),
        ("storage.diskFull", "STORAGE_DISK_FULL"), ("HTTPStatus", "HTTPSTATUS"), ("a", "A00"), ("", "UNKNOWN"),
        ("4xx.bad", "E_4XX_BAD"), ("ünïcode.ok", "N_CODE_OK"),
        (String(repeating: "ab.", count: 40), String(String(repeating: "AB_", count: 21).dropLast())),
    ])
    func reasonsAreUpperSnakeCaseAsAIP193SpellsThem(code: String, reason: String) {
        let made = GRPCStatusTable.reason(for: code)
        #expect(made == reason)
        // Written in place after other bytes (as StatusWriter writes it), an underscore before it included.
        var bytes: [UInt8] = [0x0A, UInt8(ascii: "_")]
        GRPCStatusTable.appendReason(for: code, to: &bytes)
        #expect(String(decoding: bytes.dropFirst(2), as: UTF8.self) == reason)
        #expect(made.count <= 63)
        #expect(made.range(of: "^[A-Z][A-Z0-9_]+[A-Z0-9]$", options: .regularExpression) != nil)
    }

    @Test(arguments: [
        ("/items/0/price", "items[0].price"), ("#/items/12/unit%20price", "items[12].`unit price`"),
        ("/a~1b/c~0d", "`a/b`.`c~d`"), ("limit", "limit"), ("", ""), ("#", ""), ("/0", "[0]"),
    ])
    func pointersBecomeFieldPaths(field: String, path: String) {
        #expect(GRPCStatusTable.fieldPath(FieldProblem(field, code: "c", message: .verbatim("m"))) == path)
    }
}
