public import FriendlyErrors

/// The error whose texts live only in the catalog this target ships (`Localization/`): a code and arguments.
public enum StorageError: FriendlyError {
    /// The volume has `freeMB` megabytes left.
    case diskFull(freeMB: Int, volume: String)

    public var code: String { "storage.diskFull" }
    public var message: LocalizableText {
        switch self {
        case .diskFull(let free, let volume): .arguments(.integer(free), .string(volume))
        }
    }
    public var category: ErrorCategory { .insufficientStorage }
}

/// The target's catalog, read from its resource bundle: found wherever the program is started from.
public let storageCatalog = TranslationCatalog.load(bundle: .module)

/// The pipeline the app presents its errors with: its catalog over the built-in texts.
public let pipeline = AlertPipeline().addingCatalog(storageCatalog)
