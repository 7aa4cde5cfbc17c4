/// Character references in HTML text: numeric (`&#233;`, `&#xE9;`) and the named ones that
/// course material actually uses. Unknown names are left as written.
enum HTMLEntities {
    static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ",
        "ndash": "–", "mdash": "—", "hellip": "…", "lsquo": "‘", "rsquo": "’",
        "ldquo": "“", "rdquo": "”", "laquo": "«", "raquo": "»", "bull": "•", "middot": "·",
        "copy": "©", "reg": "®", "trade": "™", "deg": "°", "times": "×", "divide": "÷",
        "plusmn": "±", "minus": "−", "le": "≤", "ge": "≥", "ne": "≠", "asymp": "≈",
        "larr": "←", "rarr": "→", "harr": "↔", "uarr": "↑", "darr": "↓", "rArr": "⇒",
        "sect": "§", "para": "¶", "frac12": "½", "frac14": "¼", "frac34": "¾",
        "sup2": "²", "sup3": "³", "micro": "µ", "euro": "€", "pound": "£", "yen": "¥", "cent": "¢",
        "eacute": "é", "egrave": "è", "ecirc": "ê", "euml": "ë", "Eacute": "É", "Egrave": "È",
        "aacute": "á", "agrave": "à", "acirc": "â", "auml": "ä", "aring": "å", "Auml": "Ä",
        "iacute": "í", "igrave": "ì", "icirc": "î", "iuml": "ï",
        "oacute": "ó", "ograve": "ò", "ocirc": "ô", "ouml": "ö", "Ouml": "Ö", "oslash": "ø",
        "uacute": "ú", "ugrave": "ù", "ucirc": "û", "uuml": "ü", "Uuml": "Ü",
        "ccedil": "ç", "Ccedil": "Ç", "ntilde": "ñ", "Ntilde": "Ñ", "szlig": "ß", "aelig": "æ",
        "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "theta": "θ",
        "lambda": "λ", "mu": "μ", "pi": "π", "sigma": "σ", "tau": "τ", "phi": "φ", "omega": "ω",
        "Delta": "Δ", "Sigma": "Σ", "Omega": "Ω", "Pi": "Π", "infin": "∞", "sum": "∑", "radic": "√",
        "zwj": "", "zwnj": "", "shy": "", "ensp": " ", "emsp": " ", "thinsp": " ",
    ]

    static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            guard character == "&", let semicolon = text[index...].prefix(12).firstIndex(of: ";") else {
                result.append(character)
                index = text.index(after: index)
                continue
            }
            let body = text[text.index(after: index)..<semicolon]
            if let replacement = replacement(for: body) {
                result += replacement
                index = text.index(after: semicolon)
            } else {
                result.append(character)
                index = text.index(after: index)
            }
        }
        return result
    }

    private static func replacement(for body: Substring) -> String? {
        if body.hasPrefix("#") {
            let digits = body.dropFirst()
            let value: UInt32?
            if digits.first == "x" || digits.first == "X" {
                value = UInt32(digits.dropFirst(), radix: 16)
            } else {
                value = UInt32(digits, radix: 10)
            }
            guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
            return value == 0xA0 ? " " : String(Character(scalar))
        }
        return named[String(body)]
    }
}
