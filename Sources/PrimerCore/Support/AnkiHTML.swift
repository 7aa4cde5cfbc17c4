import Foundation

/// The HTML Anki fields hold: plain text escaped, newlines as `<br>`.
public enum AnkiHTML {
    /// Escapes `& < > "`, turns tabs into `&#9;` and line breaks into `<br>`, and drops the
    /// 0x1f field separator.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var previousCR = false
        for scalar in text.unicodeScalars {
            defer { previousCR = scalar == "\r" }
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\t": out += "&#9;"
            case "\r": out += "<br>"
            case "\n": if !previousCR { out += "<br>" }
            case "\u{2028}", "\u{2029}": out += "<br>"
            case "\u{1f}": break
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Tags removed and entities decoded, as Anki does before the checksum.
    public static func strip(_ html: String) -> String {
        var text = ""
        var inTag = false
        for character in html {
            if inTag {
                if character == ">" { inTag = false }
            } else if character == "<" {
                inTag = true
            } else {
                text.append(character)
            }
        }
        return decodeEntities(text)
    }

    public static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        let named: [String: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " "]
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            if let semi = after.prefix(10).firstIndex(of: ";") {
                let name = String(after[..<semi])
                var decoded: String?
                if let value = named[name] {
                    decoded = value
                } else if name.hasPrefix("#x") || name.hasPrefix("#X"), let code = UInt32(name.dropFirst(2), radix: 16),
                    let scalar = Unicode.Scalar(code) {
                    decoded = String(Character(scalar))
                } else if name.hasPrefix("#"), let code = UInt32(name.dropFirst()), let scalar = Unicode.Scalar(code) {
                    decoded = String(Character(scalar))
                }
                if let decoded {
                    out += decoded
                    rest = after[after.index(after: semi)...]
                    continue
                }
            }
            out += "&"
            rest = after
        }
        out += rest
        return out
    }
}
