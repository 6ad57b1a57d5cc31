import Foundation
import Synchronization

/// The codes, categories and retry offers of the Foundation errors the pipeline knows: the one list
/// that the classifier, the built-in classifications (``Classification/builtIn(code:)``) and the
/// tests read. Texts live in the catalog under `<code>.title`, `.message`, `.reason`, `.suggestion`.
///
/// Adding a family of Foundation errors means its entries here (in a table by code, or named and
/// listed in ``entries``) and its texts in every `Localization/*.lproj`; a test checks the texts.
enum FoundationErrorTable {
    /// One known error code. A struct of literals and integers, not a class: a class object shared by
    /// every thread would have its reference count written by every alert of its code (issue 45). Its
    /// code and its category's name are string literals, which are never counted; only an entry that
    /// offers a retry holds an array (its recovery), the calling thread's copy of one.
    struct Entry: Sendable {
        let code: String
        let category: ErrorCategory
        let offersRetry: Bool
        /// A cancellation is the user's own choice, not a failure: every kind of it is a note.
        private let severity: Severity
        /// A number of its own, from 0 in the order entries are made: its classifications carry it
        /// (``Classification/knownCode``), so that a pipeline finds the code's texts in an array
        /// made once per catalog instead of hashing the code.
        let ordinal: Int
        private static let made = Atomic<Int>(0)

        init(code: String, category: ErrorCategory, offersRetry: Bool = false) {
            self.code = code
            self.category = category
            self.offersRetry = offersRetry
            severity = category == .cancelled ? .info : .error
            ordinal = Self.made.wrappingAdd(1, ordering: .relaxed).oldValue
        }

        /// The classification of an error with this entry: built with the memberwise initializer
        /// from fields made once, which costs less than copying a stored classification (every
        /// field retained, then released with the copy).
        var classification: Classification {
            classification(reason: LocalizableText())
        }

        /// ``classification`` with a reason and field problems of the error's own. An entry that offers a
        /// retry gives the calling thread's copy of the stock retry's array (``retryOffer``).
        func classification(reason: consuming LocalizableText, fieldProblems: consuming [FieldProblem] = [])
            -> Classification
        {
            Classification(
                code: code, category: category, severity: severity, title: LocalizableText(),
                message: LocalizableText(), reason: reason, suggestion: LocalizableText(),
                recoveries: offersRetry ? FoundationErrorTable.retryOffer : [], httpStatusOverride: nil,
                exitStatusOverride: nil,
                location: nil,
                referenceID: nil, isUnexpected: false, debugDetail: nil, responseHeaders: [],
                fieldProblems: fieldProblems, logLevelOverride: nil, knownCode: ordinal)
        }

        /// ``classification``, an entry that offers a retry giving `retryOffer`: the stock retry's array
        /// of the caller's thread (a thread's copy of the pipeline's ``FoundationErrorClassifier`` has one
        /// of its own), found without reading the thread's number again.
        func classification(retryOffer: [Recovery]) -> Classification {
            Classification(
                code: code, category: category, severity: severity, title: LocalizableText(),
                message: LocalizableText(), reason: LocalizableText(), suggestion: LocalizableText(),
                recoveries: offersRetry ? retryOffer : [], httpStatusOverride: nil, exitStatusOverride: nil,
                location: nil, referenceID: nil, isUnexpected: false, debugDetail: nil, responseHeaders: [],
                fieldProblems: [], logLevelOverride: nil, knownCode: ordinal)
        }
    }

    /// The stock retry's recoveries (`[.retry()]`), the calling thread's copy: one array shared by every
    /// alert of every thread would have its reference count written by all of them (issue 45), and one
    /// made for each classification costs an allocation.
    static var retryOffer: [Recovery] { retryOffers.current?.recoveries ?? [.retry()] }

    private final class RetryOffer: Sendable {
        let recoveries: [Recovery] = [.retry()]
    }

    private static let retryOffers = ThreadCopies { RetryOffer() }

    /// The entry of the fallback's code, `unexpected`: its classification is built by
    /// ``FallbackClassifier``, which gives it this entry's ordinal.
    static let unexpected = Entry(code: FallbackClassifier.code, category: .unknown)

    /// `http.400` … `http.499`, by status − 400: the entries of errors classified by a framework's client
    /// error status (``AlertPipeline/classify(_:context:)``), made once rather than for every response.
    static let httpClientErrors = (400...499).map { Entry(code: "http.\($0)", category: .forHTTPStatus($0)) }

    /// Every entry made, each once, for the pipeline's table of their codes' rows.
    static let allEntries: [Entry] = {
        var byOrdinal: [Int: Entry] = [:]
        for entry in Array(cocoa.values) + Array(posix.values) + Array(url.values) + entries + [unexpected]
            + httpClientErrors
        {
            byOrdinal[entry.ordinal] = entry
        }
        return byOrdinal.values.sorted { $0.ordinal < $1.ordinal }
    }()

    static let fileNotFound = Entry(code: "file.notFound", category: .notFound)
    static let filePermission = Entry(code: "file.permissionDenied", category: .permissionDenied)
    static let diskFull = Entry(code: "file.diskFull", category: .insufficientStorage)
    static let readOnly = Entry(code: "file.readOnlyVolume", category: .permissionDenied)
    static let exists = Entry(code: "file.alreadyExists", category: .conflict)
    static let locked = Entry(code: "file.locked", category: .conflict, offersRetry: true)
    static let corrupt = Entry(code: "file.corrupt", category: .invalidData)
    static let encoding = Entry(code: "file.unreadableEncoding", category: .invalidData)
    static let invalidName = Entry(code: "file.invalidName", category: .invalidInput)
    static let readFailed = Entry(code: "file.readFailed", category: .ioFailure)
    static let writeFailed = Entry(code: "file.writeFailed", category: .ioFailure)
    static let cancelled = Entry(code: "operation.cancelled", category: .cancelled)
    static let networkFailed = Entry(code: "network.failed", category: .unavailable, offersRetry: true)
    static let typeMismatch = Entry(code: "data.typeMismatch", category: .invalidData)
    static let valueMissing = Entry(code: "data.valueMissing", category: .invalidData)
    static let keyMissing = Entry(code: "data.keyMissing", category: .invalidData)
    static let dataCorrupt = Entry(code: "data.corrupt", category: .invalidData)
    static let encodingFailed = Entry(code: "data.encodingFailed", category: .internal)

    /// Every entry the Foundation classifier answers with, each code once, sorted by code: the
    /// tables' and those it reads outside them (`DecodingError`, `EncodingError`, cancellation, a
    /// `URLError` code the table does not know).
    static let entries: [Entry] = {
        let others = [networkFailed, typeMismatch, valueMissing, keyMissing, dataCorrupt, encodingFailed, cancelled]
        var byCode: [String: Entry] = [:]
        for entry in Array(cocoa.values) + Array(posix.values) + Array(url.values) + others {
            byCode[entry.code] = byCode[entry.code] ?? entry
        }
        return byCode.values.sorted { $0.code < $1.code }
    }()

    /// Whether the error's type is one of the Foundation value errors the tables read (`URLError`,
    /// `CocoaError`, `POSIXError`, `DecodingError`, `EncodingError`). None is a ``FriendlyError``, a
    /// wrapper or a foreign `LocalizedError`: classifiers that look for those skip these by comparing
    /// metatypes, which spares failing conformance lookups (several hundred instructions each).
    static func isValueError(_ errorType: any Error.Type) -> Bool {
        errorType == URLError.self || errorType == CocoaError.self || errorType == POSIXError.self
            || errorType == DecodingError.self || errorType == EncodingError.self
    }

    static let cocoa: CodeTable = {
        let codes: [(CocoaError.Code, Entry)] = [
            (.fileNoSuchFile, fileNotFound), (.fileReadNoSuchFile, fileNotFound),
            (.fileReadNoPermission, filePermission), (.fileWriteNoPermission, filePermission),
            (.fileWriteOutOfSpace, diskFull), (.fileWriteVolumeReadOnly, readOnly),
            (.fileWriteFileExists, exists), (.fileLocking, locked),
            (.fileReadCorruptFile, corrupt),
            (.fileReadInapplicableStringEncoding, encoding), (.fileReadUnknownStringEncoding, encoding),
            (.fileWriteInapplicableStringEncoding, encoding),
            (.fileReadInvalidFileName, invalidName), (.fileWriteInvalidFileName, invalidName),
            (.fileReadTooLarge, Entry(code: "file.tooLarge", category: .invalidData)),
            (.fileReadUnsupportedScheme, Entry(code: "file.unsupportedLocation", category: .invalidInput)),
            (.fileWriteUnsupportedScheme, Entry(code: "file.unsupportedLocation", category: .invalidInput)),
            (.fileReadUnknown, readFailed), (.fileWriteUnknown, writeFailed),
            (.userCancelled, cancelled),
            (.propertyListReadCorrupt, dataCorrupt), (.coderReadCorrupt, dataCorrupt),
            (.coderValueNotFound, valueMissing),
        ]
        return CodeTable(codes.map { ($0.rawValue, $1) })
    }()

    static let posix: CodeTable = {
        let tryAgain = Entry(code: "system.tryAgain", category: .unavailable, offersRetry: true)
        let unreachable = Entry(code: "network.unreachable", category: .unavailable, offersRetry: true)
        let reset = Entry(code: "network.connectionLost", category: .unavailable, offersRetry: true)
        let unsupported = Entry(code: "system.notSupported", category: .internal)
        let busy = Entry(code: "file.busy", category: .conflict, offersRetry: true)
        let codes: [(POSIXErrorCode, Entry)] = [
            (.ENOENT, fileNotFound), (.EACCES, filePermission), (.EPERM, filePermission),
            (.ENOSPC, diskFull), (.EDQUOT, Entry(code: "file.quotaExceeded", category: .insufficientStorage)),
            (.EROFS, readOnly), (.EEXIST, exists),
            (.EISDIR, Entry(code: "file.isDirectory", category: .invalidInput)),
            (.ENOTDIR, Entry(code: "file.notDirectory", category: .invalidInput)),
            (.ENOTEMPTY, Entry(code: "file.directoryNotEmpty", category: .conflict)),
            (.ENAMETOOLONG, Entry(code: "file.nameTooLong", category: .invalidInput)),
            (.EBUSY, busy), (.ETXTBSY, busy),
            (.EMFILE, Entry(code: "system.tooManyOpenFiles", category: .unavailable, offersRetry: true)),
            (.ENFILE, Entry(code: "system.tooManyOpenFiles", category: .unavailable, offersRetry: true)),
            (.EIO, Entry(code: "io.failed", category: .ioFailure)),
            (.EPIPE, Entry(code: "io.brokenPipe", category: .ioFailure)),
            (.ECONNREFUSED, Entry(code: "network.connectionRefused", category: .unavailable, offersRetry: true)),
            (.ECONNRESET, reset), (.ECONNABORTED, reset),
            (.ETIMEDOUT, Entry(code: "network.timedOut", category: .timeout, offersRetry: true)),
            (.ENETUNREACH, unreachable), (.EHOSTUNREACH, unreachable), (.ENETDOWN, unreachable),
            (.EHOSTDOWN, unreachable),
            (.EADDRINUSE, Entry(code: "network.addressInUse", category: .conflict)),
            (.EAGAIN, tryAgain), (.EINTR, tryAgain),
            (.ENOMEM, Entry(code: "system.outOfMemory", category: .unavailable)),
            (.EOPNOTSUPP, unsupported), (.ENOSYS, unsupported),
            (.EINVAL, Entry(code: "input.invalid", category: .invalidInput)),
            (.ECANCELED, cancelled),
        ]
        return CodeTable(codes.map { (Int($0.rawValue), $1) })
    }()

    static let url: CodeTable = {
        let offline = Entry(code: "network.offline", category: .unavailable, offersRetry: true)
        let hostNotFound = Entry(code: "network.hostNotFound", category: .unavailable, offersRetry: true)
        let insecure = Entry(code: "network.secureConnectionFailed", category: .unavailable)
        let badResponse = Entry(code: "network.badResponse", category: .unavailable, offersRetry: true)
        let authentication = Entry(code: "network.authenticationRequired", category: .unauthenticated)
        let badURL = Entry(code: "network.badURL", category: .invalidInput)
        let codes: [(URLError.Code, Entry)] = [
            (.notConnectedToInternet, offline), (.internationalRoamingOff, offline), (.dataNotAllowed, offline),
            (.callIsActive, offline),
            (.timedOut, Entry(code: "network.timedOut", category: .timeout, offersRetry: true)),
            (.cannotFindHost, hostNotFound), (.dnsLookupFailed, hostNotFound),
            (.cannotConnectToHost, Entry(code: "network.connectionRefused", category: .unavailable, offersRetry: true)),
            (.networkConnectionLost, Entry(code: "network.connectionLost", category: .unavailable, offersRetry: true)),
            (.badURL, badURL), (.unsupportedURL, badURL),
            (.secureConnectionFailed, insecure), (.serverCertificateUntrusted, insecure),
            (.serverCertificateHasBadDate, insecure), (.serverCertificateHasUnknownRoot, insecure),
            (.serverCertificateNotYetValid, insecure), (.clientCertificateRejected, insecure),
            (.clientCertificateRequired, insecure), (.appTransportSecurityRequiresSecureConnection, insecure),
            (.badServerResponse, badResponse), (.cannotParseResponse, badResponse),
            (.cannotDecodeContentData, badResponse), (.cannotDecodeRawData, badResponse),
            (.zeroByteResource, badResponse),
            (.userAuthenticationRequired, authentication), (.userCancelledAuthentication, authentication),
            (.cancelled, cancelled),
            (.resourceUnavailable, Entry(code: "network.resourceUnavailable", category: .unavailable)),
            (.httpTooManyRedirects, Entry(code: "network.tooManyRedirects", category: .unavailable)),
            (.redirectToNonExistentLocation, Entry(code: "network.tooManyRedirects", category: .unavailable)),
            (.dataLengthExceedsMaximum, Entry(code: "network.responseTooLarge", category: .unavailable)),
            (.fileDoesNotExist, fileNotFound), (.noPermissionsToReadFile, filePermission),
            (.fileIsDirectory, Entry(code: "file.isDirectory", category: .invalidInput)),
            (.cannotOpenFile, readFailed), (.cannotWriteToFile, writeFailed), (.cannotCreateFile, writeFailed),
        ]
        return CodeTable(codes.map { ($0.rawValue, $1) })
    }()

    /// The entries of one family by error code: a sorted array searched by halves, which costs a
    /// fraction of hashing the code for a dictionary, on every alert of a Foundation error.
    struct CodeTable: Sendable {
        private let codes: [Int]
        private let entries: [Entry]

        /// A table of `pairs`; of two entries for one code, the last wins.
        init(_ pairs: [(Int, Entry)]) {
            var byCode: [Int: Entry] = [:]
            for (code, entry) in pairs { byCode[code] = entry }
            let sorted = byCode.sorted { $0.key < $1.key }
            codes = sorted.map(\.key)
            entries = sorted.map(\.value)
        }

        /// The entry for `code`, if the family knows it.
        subscript(code: Int) -> Entry? {
            position(of: code).map { entries[$0] }
        }

        /// Where the entry for `code` is, if the family knows it: an alert builds its classification there
        /// (``classification(at:retryOffer:)``) rather than copying the entry out of the table, which
        /// retains and releases its strings through the entry's value witnesses.
        func position(of code: Int) -> Int? {
            var low = 0
            var high = codes.count
            while low < high {
                let middle = (low + high) / 2
                if codes[middle] < code { low = middle + 1 } else { high = middle }
            }
            return low < codes.count && codes[low] == code ? low : nil
        }

        /// The classification of the entry at `position` (from ``position(of:)``), read in place.
        func classification(at position: Int, retryOffer: [Recovery]) -> Classification {
            entries[position].classification(retryOffer: retryOffer)
        }

        /// Every entry, by code.
        var values: [Entry] { entries }
    }
}
