import Foundation
import FriendlyErrors
import Testing

struct PipelineTests {
    let pipeline = AlertPipeline()

    @Test func friendlyErrorTextsComeFromTheErrorWithInterpolatedArguments() {
        let alert = pipeline.alert(for: StorageError.diskFull(freeMB: 12, volume: "Backup"), in: "en")
        #expect(alert.code == "storage.diskFull")
        #expect(alert.title == "Disk full")
        #expect(alert.message == "Only 12 MB are left on Backup.")
        #expect(alert.category == .insufficientStorage)
        #expect(alert.referenceID == nil)
    }

    @Test func everyKindOfCancellationIsANoteNotAnError() {
        let cancellations: [any Error] = [
            CancellationError(), CocoaError(.userCancelled), URLError(.cancelled), POSIXError(.ECANCELED),
        ]
        for error in cancellations {
            let alert = pipeline.alert(for: error, in: "en")
            #expect(alert.code == "operation.cancelled")
            #expect(alert.severity == .info)
        }
        #expect(Classification.builtIn(code: "operation.cancelled")?.severity == .info)
    }

    @Test func friendlyErrorWithoutTextsFallsBackToItsCategoryNeverToARawKey() {
        let alert = pipeline.alert(for: StorageError.quotaExceeded, in: "en")
        #expect(alert.title == "Not enough space")
        #expect(alert.message == "There isn’t enough storage space to finish.")
        #expect(alert.reason == nil)
        #expect(!alert.title.contains("storage.quotaExceeded"))
    }

    @Test func appCatalogTextsWinOverCodeDefaults() {
        let catalog = TranslationCatalog(strings: [
            "en": ["storage.readOnly.title": "Locked disk"],
            "ja": ["storage.readOnly.title": "ロックされたディスク"],
        ])
        let pipeline = AlertPipeline().addingCatalog(catalog)
        #expect(pipeline.alert(for: StorageError.readOnly, in: "en").title == "Locked disk")
        #expect(pipeline.alert(for: StorageError.readOnly, in: "ja").title == "ロックされたディスク")
    }

    static let foundationErrors: [(any Error, String)] = [
        (CocoaError(.fileNoSuchFile), "file.notFound"),
        (CocoaError(.fileReadNoSuchFile), "file.notFound"),
        (CocoaError(.fileReadNoPermission), "file.permissionDenied"),
        (CocoaError(.fileWriteOutOfSpace), "file.diskFull"),
        (CocoaError(.fileReadCorruptFile), "file.corrupt"),
        (CocoaError(.fileWriteFileExists), "file.alreadyExists"),
        (POSIXError(.ENOENT), "file.notFound"),
        (POSIXError(.EACCES), "file.permissionDenied"),
        (POSIXError(.ENOSPC), "file.diskFull"),
        (POSIXError(.ECONNREFUSED), "network.connectionRefused"),
        (POSIXError(.ETIMEDOUT), "network.timedOut"),
        (URLError(.notConnectedToInternet), "network.offline"),
        (URLError(.timedOut), "network.timedOut"),
        (URLError(.cannotFindHost), "network.hostNotFound"),
        (URLError(.badServerResponse), "network.badResponse"),
        (URLError(.secureConnectionFailed), "network.secureConnectionFailed"),
        (URLError(.cancelled), "operation.cancelled"),
        (
            DecodingError.typeMismatch(Int.self, .init(codingPath: [], debugDescription: "secret=1")),
            "data.typeMismatch"
        ),
        (DecodingError.valueNotFound(Int.self, .init(codingPath: [], debugDescription: "")), "data.valueMissing"),
        (DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "")), "data.corrupt"),
        (EncodingError.invalidValue(Double.nan, .init(codingPath: [], debugDescription: "")), "data.encodingFailed"),
        (CancellationError(), "operation.cancelled"),
        (NSError(domain: NSCocoaErrorDomain, code: CocoaError.fileNoSuchFile.rawValue), "file.notFound"),
        (NSError(domain: NSPOSIXErrorDomain, code: Int(POSIXErrorCode.EACCES.rawValue)), "file.permissionDenied"),
        (NSError(domain: NSURLErrorDomain, code: URLError.notConnectedToInternet.rawValue), "network.offline"),
    ]

    @Test(arguments: 0..<foundationErrors.count)
    func foundationErrorBecomesAFriendlyAlert(index: Int) {
        let (error, code) = Self.foundationErrors[index]
        let alert = pipeline.alert(for: error, in: "en")
        #expect(alert.code == code)
        #expect(alert.referenceID == nil)
        for text in [alert.title, alert.message, alert.reason ?? "", alert.suggestion ?? ""] {
            #expect(!text.contains("could not be completed"))
            #expect(!text.contains("couldn’t be completed"))
            #expect(!text.contains(code))
        }
        #expect(alert.title != alert.category.name)
    }

    @Test func decodingErrorNamesTheFieldPathButNeverTheDebugDescription() {
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int?
            init(stringValue: String) { self.stringValue = stringValue }
            init(intValue: Int) {
                self.stringValue = "\(intValue)"
                self.intValue = intValue
            }
        }
        let error = DecodingError.keyNotFound(
            Key(stringValue: "price"),
            .init(codingPath: [Key(stringValue: "items"), Key(intValue: 2)], debugDescription: "password=hunter2"))
        let alert = pipeline.alert(for: error, in: "en")
        #expect(alert.reason == "The field “items[2].price” is missing.")
        #expect(!"\(alert)".contains("hunter2"))
    }

    @Test func nsErrorOfAnotherDomainIsNotTakenForACocoaError() {
        let alert = pipeline.alert(for: NSError(domain: "X", code: 4), in: "en")
        #expect(alert.code == "unexpected")
        #expect(alert.referenceID != nil)
    }

    @Test func unknownErrorShowsNoneOfItsOwnTextAndGetsAReferenceID() {
        let alert = pipeline.alert(for: DatabaseFailure(), in: "en")
        #expect(alert.code == "unexpected")
        #expect(alert.title == "Something went wrong")
        #expect(alert.message == "An unexpected error occurred.")
        let everything = "\(alert)"
        for secret in ["hunter2", "postgres", "SELECT", "admin", "DatabaseFailure"] {
            #expect(!everything.contains(secret), "alert leaks \(secret)")
        }
        #expect(alert.referenceID?.count == 9)
        #expect(alert.debugDetail == nil)
    }

    @Test func debugDetailAppearsOnlyWhenTheAppOptsIn() {
        let debugging = AlertPipeline().configured(.init(includesDebugDetails: true))
        #expect(debugging.alert(for: DatabaseFailure(), in: "en").debugDetail?.contains("hunter2") == true)
    }

    @Test func observersReceiveTheOriginalErrorAndTheSameReferenceID() {
        let seen = Box<[ClassificationEvent]>([])
        let observed = pipeline.observing { event in seen.mutate { $0.append(event) } }
        let alert = observed.alert(for: DatabaseFailure(), in: "en")
        let events = seen.value
        #expect(events.count == 1)
        #expect(events.first?.error is DatabaseFailure)
        #expect(events.first?.classification.referenceID == alert.referenceID)
    }

    @Test func errorWrappedTwiceIsClassifiedByItsInnermostKnownError() {
        let pipeline = self.pipeline.unwrapping(ThirdPartyWrapper.self) { $0.inner }
        let error = ThirdPartyWrapper(inner: RequestFailed(route: "/upload", underlyingError: POSIXError(.ENOSPC)))
        #expect(pipeline.alert(for: error, in: "en").code == "file.diskFull")
    }

    @Test func wrapperAroundAnUnknownErrorFallsBackWithoutLeakingEitherLayer() {
        let error = RequestFailed(route: "/admin?token=abc", underlyingError: DatabaseFailure())
        let alert = pipeline.alert(for: error, in: "en")
        #expect(alert.code == "unexpected")
        #expect(!"\(alert)".contains("token=abc"))
    }

    @Test func aRegisteredWrappersOwnDescriptionIsNeverShownAroundAnErrorNobodyKnows() {
        /// A library's wrapper that describes the wrapping, as the OpenAPI runtime's `ClientError` does.
        struct LibraryWrapper: LocalizedError {
            var inner: any Error
            var errorDescription: String? { "Client encountered an error invoking the operation \"getOrder\"" }
        }
        let wrapped = LibraryWrapper(inner: DatabaseFailure())
        // Registered as a wrapper: told by what it wraps, the fallback's alert for an unknown error.
        let alert = pipeline.unwrapping(LibraryWrapper.self) { $0.inner }.alert(for: wrapped, in: "en")
        #expect(alert.code == "unexpected")
        #expect(alert.referenceID != nil)
        #expect(!"\(alert)".contains("Client encountered"))
        // Around an error it knows, the inner error's alert, as before.
        let known = LibraryWrapper(inner: POSIXError(.ECONNREFUSED))
        #expect(
            pipeline.unwrapping(LibraryWrapper.self) { $0.inner }.alert(for: known, in: "en").code
                == "network.connectionRefused")
        // Not registered as a wrapper, a command-line pipeline shows a foreign LocalizedError's text, as before.
        #expect(pipeline.alert(for: wrapped, in: "en").message.contains("Client encountered"))
    }

    @Test func nsErrorUnderlyingErrorIsLookedThrough() {
        let error = NSError(domain: "Uploader", code: 1, userInfo: [NSUnderlyingErrorKey: URLError(.timedOut)])
        #expect(pipeline.alert(for: error, in: "en").code == "network.timedOut")
    }

    @Test func wrapperCyclesEnd() {
        struct SelfWrapping: ErrorWrapping {
            var underlyingError: (any Error)? { SelfWrapping() }
        }
        #expect(pipeline.alert(for: SelfWrapping(), in: "en").code == "unexpected")
    }

    @Test func registeredTypeRuleClassifiesAForeignType() {
        let pipeline = self.pipeline.registering(DatabaseFailure.self) { _ in
            Classification(code: "db.unavailable", category: .unavailable, message: "The database is unavailable.")
        }
        let alert = pipeline.alert(for: DatabaseFailure(), in: "en")
        #expect(alert.code == "db.unavailable")
        #expect(alert.message == "The database is unavailable.")
        #expect(alert.httpStatus == 503)
    }

    struct Level<Inner>: Error {}

    /// Registers `Level<Level<…<DatabaseFailure>…>>` types, one per level: distinct concrete types.
    static func registerLevels<T: Error>(_ type: T.Type, remaining: Int, into pipeline: AlertPipeline) -> AlertPipeline
    {
        let registered = pipeline.registering(type) { _ in
            Classification(code: "level.\(remaining)", category: .internal)
        }
        guard remaining > 0 else { return registered }
        return registerLevels(Level<T>.self, remaining: remaining - 1, into: registered)
    }

    @Test func oneThousandRegisteredTypesEachDispatchToTheirOwnRule() {
        let pipeline = Self.registerLevels(DatabaseFailure.self, remaining: 999, into: self.pipeline)
        #expect(pipeline.alert(for: DatabaseFailure(), in: "en").code == "level.999")
        #expect(pipeline.alert(for: Level<DatabaseFailure>(), in: "en").code == "level.998")
        #expect(pipeline.alert(for: Level<Level<DatabaseFailure>>(), in: "en").code == "level.997")
    }

    @Test func predicateAndDomainRulesApplyInOrder() {
        let pipeline = self.pipeline
            .registering(domain: "com.example.billing", code: 402) { _ in
                Classification(code: "billing.paymentRequired", category: .invalidInput)
            }
            .registering(where: {
                ($0 as? ThirdPartyWrapper) != nil ? Classification(code: "wrapped", category: .internal) : nil
            })
        #expect(
            pipeline.alert(for: NSError(domain: "com.example.billing", code: 402), in: "en").code
                == "billing.paymentRequired")
        #expect(pipeline.alert(for: ThirdPartyWrapper(inner: DatabaseFailure()), in: "en").code == "wrapped")
    }

    @Test func customClassifierRunsBeforeFoundationErrors() {
        struct Override: ErrorClassifier {
            func classify(
                _ error: any Error, context: ClassificationContext, next: (any Error) -> Classification
            ) -> Classification {
                if error is URLError { return Classification(code: "custom.network", category: .unavailable) }
                return next(error)
            }
        }
        let pipeline = self.pipeline.addingClassifier(Override())
        #expect(pipeline.alert(for: URLError(.timedOut), in: "en").code == "custom.network")
        #expect(pipeline.alert(for: POSIXError(.ENOENT), in: "en").code == "file.notFound")
    }

    @Test func foreignLocalizedErrorTextIsShownAndItsTypeIsTheCode() {
        let alert = pipeline.alert(for: ForeignLocalized(), in: "en")
        #expect(alert.message == "The widget couldn't be frobbed.")
        #expect(alert.suggestion == "Unplug the widget and plug it back in.")
        #expect(alert.code.hasSuffix("ForeignLocalized"))
        let hidden = AlertPipeline().configured(.init(showsForeignLocalizedDescriptions: false))
        #expect(hidden.alert(for: ForeignLocalized(), in: "en").code == "unexpected")
    }

    @Test func errorCarryingAnHTTPStatusKeepsIt() {
        struct NotFound404: Error {}
        let pipeline = self.pipeline.registering(NotFound404.self) { _ in
            Classification(code: "http.notFound", category: .notFound, httpStatus: 404)
        }
        #expect(pipeline.alert(for: NotFound404(), in: "en").httpStatus == 404)
    }

    @Test func categoriesAreExtensibleAndClampTheirStatuses() {
        let custom = ErrorCategory("paymentRequired", httpStatus: 402, exitStatus: 300)
        #expect(custom.httpStatus == 402)
        #expect(custom.exitStatus == 1)
        #expect(ErrorCategory("weird", httpStatus: 200, exitStatus: 0).httpStatus == 500)
        #expect(ErrorCategory.notFound.exitStatus == 66)
    }
}

/// A lock-protected value for collecting results from concurrent closures in tests.
final class Box<Value>: @unchecked Sendable {
    // @unchecked: `stored` is only touched while holding `lock`.
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value { lock.withLock { stored } }
    func mutate(_ body: (inout Value) -> Void) { lock.withLock { body(&stored) } }
}

struct FriendlyWrapperTests {
    struct SyncFailed: FriendlyError, ErrorWrapping {
        var cause: any Error
        var code: String { "sync.failed" }
        var message: LocalizableText { "The sync failed." }
        var underlyingError: (any Error)? { cause }
    }

    @Test func friendlyErrorWithAKnownCauseIsClassifiedByTheCause() {
        let alert = AlertPipeline().alert(for: SyncFailed(cause: URLError(.timedOut)), in: "en")
        #expect(alert.code == "network.timedOut")
    }

    @Test func friendlyErrorWithAnUnknownCauseKeepsItsOwnText() {
        let alert = AlertPipeline().alert(for: SyncFailed(cause: DatabaseFailure()), in: "en")
        #expect(alert.code == "sync.failed")
        #expect(alert.message == "The sync failed.")
        #expect(alert.referenceID == nil)
    }
}
