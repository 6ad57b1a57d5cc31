import Foundation

// libFuzzer target: alerts built from random field problems and file locations — any Int for line,
// column and length (Int.min and Int.max included), pointers and names with any bytes — render to the
// console in every layout, and to problem+json and JSON Lines, without a trap; the JSON parses
// (JSONSerialization) and keeps the schema's rules that an app's values could break (issue 23): status
// 400–599, a `pointer` in URI fragment form of RFC 3986 characters, locations with line and column
// of at least 1 and a length of at least 0, a language tag, a whole `instance`, the caps. The same alert
// as a web page (issue 25), with the same limits and a random request: one style element, no markup
// from the input (no `<script`, `<img`, `<style` of its own), no link but http(s) and relative ones.
func fuzzAlertRendering(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(Array(UnsafeBufferPointer(start: data, count: size)))
    let alert = input.alert()
    let width = input.int()

    // The console: every layout, a width from the input, the excerpt on its own.
    for (columns, isPlain) in [(Optional(width), false), (nil, false), (Optional(80), false), (nil, true)] {
        let renderer = ConsoleRenderer(
            columns: columns.map { max(1, $0) }, usesColor: columns == 80, isPlain: isPlain, texts: alert.presenterTexts
        )
        _ = renderer.render(alert, choices: alert.actions, notAsking: nil)
    }
    if let location = alert.location {
        _ = ConsolePresenter(output: TextOutput { _ in }, width: width, environment: [:])
            .excerpt(of: location)
    }

    // problem+json and JSON Lines, default and smallest limits.
    var limits = PresenterLimits()
    limits.maximumTextBytes = input.int()
    limits.maximumIdentifierBytes = input.int()
    limits.maximumFieldProblems = input.int()
    for presenter in [
        JSONPresenter(revealsFilePaths: true), JSONPresenter(typeBaseURI: "https://e.example/", limits: limits),
    ] {
        let response = ErrorResponse(alert: alert, contentLanguage: alert.language, bodyWriter: presenter)
        check(response.body, presenter: presenter)
        let line = presenter.line(for: alert, instance: JSONPresenter.newInstance())
        guard line.last == 0x0A, line.dropLast().firstIndex(of: 0x0A) == nil else { fatalError("not one JSON line") }
        check(Array(line.dropLast()), presenter: presenter)
    }

    // The web page, with a request whose target, host and referer come from the input.
    let request = ErrorRequest(
        method: input.byte() & 1 == 0 ? "GET" : "POST", target: input.text(), host: input.text(),
        referer: input.text(), styleNonce: input.text())
    checkPage(HTMLPresenter(titleSuffix: input.text(), limits: limits).pageBytes(for: alert, request: request))
    return 0
}

/// Fails when a page holds markup the input could have planted, or a link a browser could run.
private func checkPage(_ bytes: [UInt8]) {
    let page = String(decoding: bytes, as: UTF8.self)
    func fail(_ what: String) -> Never { fatalError("\(what): \(page)") }
    if page.components(separatedBy: "<style").count != 2 || page.components(separatedBy: "</style>").count != 2 {
        fail("not one style element")
    }
    // Text from the input may say anything ("javascript:" too), but never as markup: `<` is escaped.
    for planted in ["<script", "<img", "<iframe", "<link", "<meta http-equiv"] where page.lowercased().contains(planted) {
        fail("planted \(planted)")
    }
    for part in page.components(separatedBy: "href=\"").dropFirst() {
        let href = part.prefix { $0 != "\"" }.lowercased()
        if href.hasPrefix("//") || href.hasPrefix("/\\") { fail("link to another host \(href)") }
        // A scheme is what comes before a `:` that no `/`, `?` or `#` precedes: only http(s).
        if let colon = href.firstIndex(of: ":"), !href[..<colon].contains(where: { "/?#".contains($0) }),
            !href.hasPrefix("http://"), !href.hasPrefix("https://")
        {
            fail("link \(href)")
        }
    }
}

/// Fails when `body` is not JSON, or breaks a rule of the schema an app's value could break.
private func check(_ body: [UInt8], presenter: JSONPresenter) {
    guard let object = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] else {
        fatalError("not a JSON object: \(String(decoding: body, as: UTF8.self))")
    }
    func fail(_ what: String) -> Never { fatalError("\(what): \(String(decoding: body, as: UTF8.self))") }
    guard let status = object["status"] as? Int, (400...599).contains(status) else { fail("status") }
    for member in ["title", "code", "category"] {
        guard let text = object[member] as? String, !text.isEmpty else { fail(member) }
    }
    if let instance = object["instance"] as? String, instance.utf8.count != 45 { fail("instance") }
    guard let language = object["language"] as? String, isLanguageTag(language) else { fail("language") }
    if let location = object["location"] { checkLocation(location, fail) }
    for action in object["actions"] as? [[String: Any]] ?? [] {
        guard let id = action["id"] as? String, !id.isEmpty else { fail("action id") }
    }
    for problem in object["errors"] as? [[String: Any]] ?? [] {
        guard (problem["pointer"] == nil) != (problem["field"] == nil) else { fail("pointer or field") }
        if let pointer = problem["pointer"] as? String {
            guard isFragment(pointer), pointer.utf8.count <= presenter.limits.maximumTextBytes else { fail("pointer") }
        }
        guard let code = problem["code"] as? String, !code.isEmpty else { fail("problem code") }
        guard let detail = problem["detail"] as? String, !detail.isEmpty else { fail("problem detail") }
        if let location = problem["location"] { checkLocation(location, fail) }
    }
}

private func checkLocation(_ value: Any, _ fail: (String) -> Never) {
    guard let location = value as? [String: Any], let line = location["line"] as? Int, line >= 1,
        let column = location["column"] as? Int, column >= 1, (location["length"] as? Int ?? 0) >= 0
    else { fail("location") }
}

/// `#` then RFC 3986 fragment characters and `%XX` escapes (the schema's `^#(/.*)?$`, and more).
private func isFragment(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard bytes.first == UInt8(ascii: "#"), bytes.count == 1 || bytes[1] == UInt8(ascii: "/") else { return false }
    let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@/?".utf8)
    let hex = Set("0123456789ABCDEFabcdef".utf8)
    var index = 1
    while index < bytes.count {
        if bytes[index] == UInt8(ascii: "%") {
            guard index + 2 < bytes.count, hex.contains(bytes[index + 1]), hex.contains(bytes[index + 2]) else {
                return false
            }
            index += 3
        } else {
            guard allowed.contains(bytes[index]) else { return false }
            index += 1
        }
    }
    return true
}

/// The schema's `^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$`.
private func isLanguageTag(_ text: String) -> Bool {
    let subtags = text.split(separator: "-", omittingEmptySubsequences: false)
    guard let first = subtags.first, (2...8).contains(first.count),
        first.unicodeScalars.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic })
    else { return false }
    return subtags.dropFirst().allSatisfy { subtag in
        (1...8).contains(subtag.count)
            && subtag.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))
            }
    }
}

/// Values drawn from the fuzzer's bytes.
private struct FuzzInput {
    var bytes: [UInt8]
    var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// An Int: often one of the edges, else eight bytes as they come.
    mutating func int() -> Int {
        let edges = [Int.min, Int.min + 1, -1, 0, 1, 2, 3, 16, 80, 255, 256, Int.max - 1, Int.max]
        let selector = byte()
        if Int(selector) < edges.count * 12 { return edges[Int(selector) % edges.count] }
        var value: UInt64 = 0
        for _ in 0..<8 { value = value << 8 | UInt64(byte()) }
        return Int(truncatingIfNeeded: value)
    }

    /// A text: a length byte, then that many bytes as (possibly invalid) UTF-8, or a long run.
    mutating func text() -> String {
        let length = Int(byte())
        if length == 255 { return String(repeating: String(decoding: [byte(), byte()], as: UTF8.self), count: 5_000) }
        var scalars: [UInt8] = []
        for _ in 0..<length { scalars.append(byte()) }
        return String(decoding: scalars, as: UTF8.self)
    }

    mutating func location() -> FileLocation? {
        guard byte() & 1 == 1 else { return nil }
        var location = FileLocation(
            file: text(), line: int(), column: int(), length: byte() & 1 == 1 ? int() : nil, lineText: text())
        // The fields are public: an app may set them past the initializer's clamping.
        if byte() & 1 == 1 {
            location.line = int()
            location.column = int()
            location.length = int()
        }
        return location
    }

    mutating func alert() -> Alert {
        var problems: [FieldProblem] = []
        for _ in 0..<Int(byte() % 5) {
            let prefix = ["", "/", "#", "#/"][Int(byte() % 4)]
            problems.append(
                FieldProblem(prefix + text(), code: text(), message: .verbatim(text()), location: location()))
        }
        var alert = Alert(
            code: text(), category: .invalidData, title: text(), message: text(),
            actions: [AlertAction(id: text(), label: text(), role: .default)], language: text(),
            occurrences: int(), httpStatus: int(), location: location(), fieldProblems: problems)
        if byte() & 1 == 1 { alert.language = "en" }
        return alert
    }
}
