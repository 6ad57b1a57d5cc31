import Foundation
import FriendlyErrors

/// Everything written to a `TextOutput`, write by write.
final class CapturedOutput: Sendable {
    private let writes = Box<[String]>([])

    var output: TextOutput { TextOutput { [writes] text in writes.mutate { $0.append(text) } } }
    var text: String { writes.value.joined() }
    var writeCount: Int { writes.value.count }
    var lines: [Substring] { text.split(separator: "\n", omittingEmptySubsequences: false) }
}

/// A console presenter with every setting pinned, writing to `captured` and answering `answers`.
func consolePresenter(
    _ captured: CapturedOutput,
    color: ConsolePresenter.ColorMode = .never,
    width: ConsolePresenter.Width = .columns(80),
    interactivity: ConsolePresenter.Interactivity = .never,
    layout: ConsolePresenter.Layout = .standard,
    answers: [String] = []
) -> ConsolePresenter {
    ConsolePresenter(
        output: captured.output,
        input: .lines(answers),
        options: .init(color: color, width: width, interactivity: interactivity, layout: layout),
        environment: [:])
}

/// Alerts like the demo's, in English and Japanese, built by hand so the output is deterministic.
enum SampleAlerts {
    /// An order with three bad fields, through the pipeline as a server makes it.
    static let invalidOrderEnglish = orderPipeline.alert(for: InvalidOrder(), in: "en")
    static let invalidOrderJapanese = orderPipeline.alert(for: InvalidOrder(), in: "ja")
    static let orderPipeline = AlertPipeline().addingCatalog(orderCatalog)

    static let created = Box(0)

    static func createDefault(_ label: String) -> AlertAction {
        AlertAction(id: "createDefault", label: label, role: .default) {
            created.mutate { $0 += 1 }
            return .recovered
        }
    }

    static let configMissingEnglish = Alert(
        code: "demo.configMissing", category: .configuration,
        title: "Configuration file not found",
        message: "The configuration file “/tmp/demo/config.toml” couldn’t be read.",
        reason: "The file doesn’t exist.",
        suggestion: "Create a default configuration, or pass the path of an existing one with --config.",
        actions: [
            AlertAction(id: "cancel", label: "Cancel", role: .cancel), createDefault("Create a default configuration"),
        ],
        language: "en")

    static let configMissingJapanese = Alert(
        code: "demo.configMissing", category: .configuration,
        title: "設定ファイルが見つかりません",
        message: "設定ファイル「/tmp/demo/config.toml」を読み込めませんでした。",
        reason: "ファイルが存在しません。",
        suggestion: "デフォルトの設定を作成するか、--config で既存の設定ファイルのパスを指定してください。",
        actions: [AlertAction(id: "cancel", label: "キャンセル", role: .cancel), createDefault("デフォルトの設定を作成")],
        language: "ja")

    static let configInvalidEnglish = Alert(
        code: "demo.configInvalid", category: .configuration,
        title: "Invalid configuration",
        message: "“/tmp/demo/config.toml” has an error on line 3.",
        suggestion: "Fix the line, or delete the file to start over.",
        actions: [
            AlertAction(id: "deleteConfig", label: "Delete the configuration", role: .destructive) { .recovered },
            AlertAction(id: "cancel", label: "Cancel", role: .cancel),
        ],
        language: "en")

    static let unexpectedEnglish = Alert(
        code: "unexpected", category: .unknown,
        title: "Something went wrong",
        message: "An unexpected error occurred.",
        suggestion: "Please try again. If the problem continues, contact support and mention the reference.",
        referenceID: "7F3A-91C2",
        actions: [AlertAction(id: "ok", label: "OK", role: .cancel)],
        language: "en")

    static let warningEnglish = Alert(
        code: "disk.almostFull", category: .insufficientStorage, severity: .warning,
        title: "Disk almost full", message: "Disk almost full", reason: "Only 120 MB are left on /var.",
        actions: [AlertAction(id: "ok", label: "OK", role: .cancel)], language: "en", occurrences: 3)

    static let infoJapanese = Alert(
        code: "sync.offline", category: .unavailable, severity: .info,
        title: "オフラインです", message: "変更はオンラインに戻ったときに同期されます。",
        actions: [AlertAction(id: "ok", label: "OK", role: .cancel)], language: "ja")

    /// Quotation marks as each language writes them, for line breaking at narrow widths: a quoted
    /// name that fits alone must not drag the next word along, and punctuation stays with its word.
    static let quotesGerman = photoNotFound(
        language: "de", title: "Foto „IMG_0042.HEIC“ fehlt",
        message: "„IMG_0042.HEIC“ wurde im Ordner »Urlaub 2024« nicht gefunden.",
        reason: "Die Datei ‚IMG_0042‘ wurde umbenannt oder gelöscht.",
        suggestion: "Wählen Sie „Erneut versuchen“. Oder prüfen Sie den Namen „IMG_0042.HEIC“, bitte.",
        cancel: "Abbrechen", retry: "„Erneut versuchen“")

    static let quotesFrench = photoNotFound(
        language: "fr", title: "Photo «\u{A0}IMG_0042.HEIC\u{A0}» introuvable",
        message: "Le fichier «\u{A0}IMG_0042.HEIC\u{A0}» est introuvable dans «\u{202F}Vacances\u{202F}»\u{A0}!",
        reason: "Le dossier « Vacances 2024 » est vide : le fichier a été déplacé ?",
        suggestion: "Choisissez «\u{A0}Réessayer\u{A0}» ou vérifiez le nom\u{202F}; rien n’a changé.",
        cancel: "Annuler", retry: "«\u{A0}Réessayer\u{A0}»")

    static let quotesEnglish = photoNotFound(
        language: "en", title: "Photo “IMG_0042.HEIC” missing",
        message: "The photo “IMG_0042.HEIC” couldn’t be found in ‘Holiday 2024’.",
        reason: "It was renamed to 'IMG_0042 copy.HEIC', or it was deleted.",
        suggestion: "Choose “Try Again”, or check the name \"IMG_0042.HEIC\" (“IMG_0042.heic” is not the same).",
        cancel: "Cancel", retry: "“Try Again”")

    /// A photo that is not found, with a Cancel and a Retry action.
    static func photoNotFound(
        language: String, title: String, message: String, reason: String, suggestion: String, cancel: String,
        retry: String
    ) -> Alert {
        Alert(
            code: "photos.notFound", category: .notFound, title: title, message: message, reason: reason,
            suggestion: suggestion,
            actions: [
                AlertAction(id: "cancel", label: cancel, role: .cancel),
                AlertAction(id: "retry", label: retry, role: .default) { .recovered },
            ],
            language: language)
    }

    /// Every escape that must be shown, not obeyed: OSC 0 (title), OSC 8 (hyperlink), OSC 52
    /// (clipboard), CSI 2J (clear screen), a lone CR, an 8-bit CSI and a right-to-left override.
    static let hostile = [
        "\u{1B}]0;evil\u{07}", "\u{1B}]8;;https://evil.example/\u{1B}\\click\u{1B}]8;;\u{1B}\\",
        "\u{1B}]52;c;ZXZpbA==\u{07}", "\u{1B}[2J", "safe\rfake", "\u{9B}31m", "abc\u{202E}fed",
    ]

    static let hostileEnglish = Alert(
        code: "hostile", category: .invalidData,
        title: "Title \(hostile[0])",
        message: "Message \(hostile[1]) \(hostile[2])",
        reason: "Reason \(hostile[3]) \(hostile[4])",
        suggestion: "Help \(hostile[5]) \(hostile[6])",
        actions: [
            AlertAction(id: "cancel", label: "Cancel", role: .cancel),
            AlertAction(id: "fix", label: "Fix \(hostile[0])", role: .default) { .recovered },
        ],
        language: "en")
}
