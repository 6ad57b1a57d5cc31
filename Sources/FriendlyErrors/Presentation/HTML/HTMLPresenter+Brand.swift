extension HTMLPresenter {
    /// The app's look on its error pages: the CSS variables of the page's style sheet.
    ///
    /// ```swift
    /// HTMLPresenter.Brand(accentColor: "#0a7d4f", darkAccentColor: "#7dd3a8", fontFamily: "Inter, system-ui, sans-serif")
    /// ```
    ///
    /// Each value is a CSS value (a colour, a font list, a length). A value holding anything that
    /// could end the declaration or the style element — `;`, `{`, `}`, `<`, `>`, `\`, `@`, `/*`,
    /// an unbalanced quote, a control character — or longer than 200 bytes is replaced by its default.
    /// An app that embeds fragments can also set the variables in its own CSS: `--fe-accent`,
    /// `--fe-on-accent`, `--fe-font`, `--fe-radius` (and, for dark pages, the same under
    /// `@media (prefers-color-scheme: dark)`).
    public struct Brand: Sendable, Hashable {
        /// The colour of links, buttons and focus rings in light mode (`--fe-accent`).
        package var accentColor: String
        /// The text on an accent-coloured button in light mode (`--fe-on-accent`).
        package var onAccentColor: String
        /// The accent in dark mode.
        package var darkAccentColor: String
        /// The text on an accent-coloured button in dark mode.
        package var darkOnAccentColor: String
        /// The font list (`--fe-font`).
        package var fontFamily: String
        /// The card's corner radius (`--fe-radius`).
        package var cornerRadius: String

        /// A brand; every value has a default with enough contrast in light and dark mode.
        public init(
            accentColor: String = "#0b57d0", onAccentColor: String = "#ffffff", darkAccentColor: String = "#a8c7fa",
            darkOnAccentColor: String = "#062e6f",
            fontFamily: String =
                "system-ui, -apple-system, \"Segoe UI\", Roboto, \"Noto Sans\", \"Noto Sans CJK JP\", sans-serif",
            cornerRadius: String = "12px"
        ) {
            self.accentColor = accentColor
            self.onAccentColor = onAccentColor
            self.darkAccentColor = darkAccentColor
            self.darkOnAccentColor = darkOnAccentColor
            self.fontFamily = fontFamily
            self.cornerRadius = cornerRadius
        }

        /// The default look: a blue accent, the system font, 12 px corners.
        package static let standard = Brand()
    }

    /// The style element's text for a brand, with its hash and the policy that allows it: made once
    /// per brand (the standard brand's once per process), as hashing costs far more than a page.
    struct StyleSheet: Sendable {
        let text: String
        /// ``text`` as UTF-8, as a page copies it.
        let bytes: [UInt8]
        /// `'sha256-…'`.
        let hashSource: String
        let contentSecurityPolicy: String

        static let standard = StyleSheet(brand: .standard)

        init(brand: Brand) {
            let defaults = Brand.standard
            func value(_ keyPath: KeyPath<Brand, String>) -> String {
                Self.isSafeValue(brand[keyPath: keyPath]) ? brand[keyPath: keyPath] : defaults[keyPath: keyPath]
            }
            text = Self.css(
                accent: value(\.accentColor), onAccent: value(\.onAccentColor), darkAccent: value(\.darkAccentColor),
                darkOnAccent: value(\.darkOnAccentColor), font: value(\.fontFamily), radius: value(\.cornerRadius))
            bytes = Array(text.utf8)
            hashSource = "'sha256-" + SHA256.base64(SHA256.digest(bytes)) + "'"
            contentSecurityPolicy =
                "default-src 'none'; style-src \(hashSource); base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        }

        /// Whether `value` can stand as a CSS custom property's value without ending it.
        static func isSafeValue(_ value: String) -> Bool {
            guard !value.isEmpty, value.utf8.count <= 200, !value.contains("/*") else { return false }
            var quote: Unicode.Scalar?
            for scalar in value.unicodeScalars {
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) { return false }
                if let open = quote {
                    if scalar == open { quote = nil }
                    continue
                }
                switch scalar {
                case ";", "{", "}", "<", ">", "\\", "@", "!": return false
                case "\"", "'": quote = scalar
                default: continue
                }
            }
            return quote == nil && !value.unicodeScalars.contains { $0 == "<" || $0 == ">" || $0 == "\\" }
        }

        // One rule per line; every selector under `.fe-alert` or the page's own elements, so a
        // fragment's style sheet touches nothing else of the app's page.
        private static func css(
            accent: String, onAccent: String, darkAccent: String, darkOnAccent: String, font: String, radius: String
        ) -> String {
            """

            :root{color-scheme:light dark;--fe-accent:\(accent);--fe-on-accent:\(onAccent);--fe-font:\(font);\
            --fe-radius:\(radius);--fe-bg:#f3f4f6;--fe-card:#ffffff;--fe-text:#1b1c1f;--fe-muted:#555a62;\
            --fe-line:#d5d8de;--fe-danger:#b3261e}
            @media (prefers-color-scheme:dark){:root{--fe-accent:\(darkAccent);--fe-on-accent:\(darkOnAccent);\
            --fe-bg:#121316;--fe-card:#1d1e22;--fe-text:#e7e8eb;--fe-muted:#a6abb3;--fe-line:#3b3e45;--fe-danger:#f2b8b5}}
            html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
            body.fe-page{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;\
            padding:24px 16px;box-sizing:border-box;background:var(--fe-bg);color:var(--fe-text);font:16px/1.55 var(--fe-font)}
            .fe-page main{width:100%;max-width:38rem}
            .fe-alert,.fe-alert *{box-sizing:border-box}
            .fe-alert{width:100%;margin:0 auto;padding:28px 24px;background:var(--fe-card);color:var(--fe-text);\
            border:1px solid var(--fe-line);border-radius:var(--fe-radius);font-family:var(--fe-font);\
            overflow-wrap:anywhere;hyphens:auto;line-break:strict}
            .fe-alert p,.fe-alert ul{margin:0 0 12px}
            .fe-alert .fe-status{margin-bottom:4px;color:var(--fe-muted);font-size:.875rem;font-weight:600;letter-spacing:.02em}
            .fe-alert.fe-error .fe-status{color:var(--fe-danger)}
            .fe-alert .fe-title{margin:0 0 12px;font-size:1.5rem;line-height:1.3;font-weight:700}
            .fe-alert .fe-message,.fe-alert .fe-reason,.fe-alert .fe-suggestion{white-space:pre-line}
            .fe-alert .fe-reason{color:var(--fe-muted)}
            .fe-alert .fe-problems-label{margin-bottom:4px;font-weight:600}
            .fe-alert .fe-problems ul{padding-inline-start:1.25em}
            .fe-alert .fe-problems li{margin:4px 0}
            .fe-alert code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace;font-size:.875em}
            .fe-alert .fe-field{font-weight:600}
            .fe-alert .fe-debug{margin:0 0 12px;padding:8px;overflow:auto;white-space:pre-wrap;border:1px dashed var(--fe-line)}
            .fe-alert .fe-reference{margin:16px 0 0;padding-top:12px;border-top:1px solid var(--fe-line);\
            color:var(--fe-muted);font-size:.875rem}
            .fe-alert .fe-reference code{color:var(--fe-text);-webkit-user-select:all;user-select:all}
            .fe-alert .fe-actions{display:flex;flex-wrap:wrap;justify-content:flex-end;gap:8px;margin-top:20px}
            .fe-alert .fe-button{display:inline-flex;align-items:center;justify-content:center;min-height:44px;\
            padding:10px 18px;border:1px solid var(--fe-line);border-radius:calc(var(--fe-radius) * .75);\
            color:var(--fe-accent);background:transparent;font-weight:600;text-align:center;text-decoration:none}
            .fe-alert .fe-button:hover{text-decoration:underline}
            .fe-alert .fe-button:focus-visible{outline:3px solid var(--fe-accent);outline-offset:2px}
            .fe-alert .fe-button.fe-primary{background:var(--fe-accent);border-color:var(--fe-accent);color:var(--fe-on-accent)}
            .fe-alert .fe-button.fe-destructive{color:var(--fe-danger);border-color:var(--fe-danger)}
            @media (max-width:480px){.fe-alert{padding:20px 16px}.fe-alert .fe-title{font-size:1.3rem}\
            .fe-alert .fe-actions{flex-direction:column}.fe-alert .fe-button{width:100%}}

            """
        }
    }
}
