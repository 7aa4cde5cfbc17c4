import Foundation

/// Hides the credentials a URL can carry before it is shown, logged or stored: the user info
/// (`https://user:pass@host/v1` → `https://***@host/v1`) and the values of query and fragment
/// parameters whose names look secret (`?key=…`, `api_key=`, `token=`, `access_token=`,
/// `secret=`, `password=`, `sig=`…), which become `***`. The scheme, host, path and the other
/// parameters stay, so a message still says which server was meant.
///
/// The one redaction for URLs: error messages, `providers check`, logs and everything a provider
/// sends back go through it.
public enum URLRedaction {
    public static let mask = "***"

    /// `url` with its user info and secret-looking parameter values masked. Works on text, not on
    /// a parsed URL, so what is not a valid URL is still masked and nothing else is re-encoded.
    public static func redact(url: String) -> String {
        var rest = Substring(url)
        var out = ""
        if let separator = url.range(of: "://") {
            out += url[..<separator.upperBound]
            rest = url[separator.upperBound...]
            let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
            let authority = rest[..<authorityEnd]
            if let at = authority.lastIndex(of: "@") {
                out += mask + authority[at...]
            } else {
                out += authority
            }
            rest = rest[authorityEnd...]
        }
        // The path, then `?query` and `#fragment`: both may carry `name=value` pairs.
        guard let start = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) else { return out + rest }
        out += rest[..<start]
        var index = start
        while index < rest.endIndex {
            let marker = rest[index]
            let partStart = rest.index(after: index)
            let partEnd = marker == "?" ? (rest[partStart...].firstIndex(of: "#") ?? rest.endIndex) : rest.endIndex
            out.append(marker)
            out += maskParameters(rest[partStart..<partEnd])
            index = partEnd
        }
        return out
    }

    /// `text` with every `scheme://…` URL in it redacted (see `redact(url:)`).
    public static func redactURLs(in text: String) -> String {
        guard text.contains("://") else { return text }
        let range = NSRange(text.startIndex..., in: text)
        var out = ""
        var last = text.startIndex
        for match in urlPattern.matches(in: text, range: range) {
            guard var found = Range(match.range, in: text) else { continue }
            // Punctuation that ends a sentence or closes a bracket is not part of the URL.
            while found.upperBound > found.lowerBound, let end = text[found].last, trailingPunctuation.contains(end) {
                found = found.lowerBound..<text.index(before: found.upperBound)
            }
            out += text[last..<found.lowerBound]
            out += redact(url: String(text[found]))
            last = found.upperBound
        }
        return out + text[last...]
    }

    /// The secret parts of `url`, to scrub echoes of them from other text: the password of the user
    /// info (or the user, when it is alone: `https://KEY@host`) and the values of secret-looking
    /// parameters, each as written and percent-decoded.
    public static func secrets(in url: String) -> [String] {
        var found: [String] = []
        if let separator = url.range(of: "://") {
            let rest = url[separator.upperBound...]
            let authority = rest[..<(rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex)]
            if let at = authority.lastIndex(of: "@") {
                let userInfo = authority[..<at]
                if let colon = userInfo.firstIndex(of: ":") {
                    found.append(String(userInfo[userInfo.index(after: colon)...]))
                } else {
                    found.append(String(userInfo))
                }
            }
        }
        if let start = url.firstIndex(where: { $0 == "?" || $0 == "#" }) {
            for pair in url[url.index(after: start)...].split(whereSeparator: { $0 == "&" || $0 == "#" || $0 == "?" }) {
                guard let equals = pair.firstIndex(of: "="), isSecretName(pair[..<equals]) else { continue }
                found.append(String(pair[pair.index(after: equals)...]))
            }
        }
        let decoded = found.compactMap { $0.removingPercentEncoding }
        var seen = Set<String>()
        return (found + decoded).filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// Whether a parameter name looks like it holds a credential (`key`, `api_key`, `apikey`,
    /// `x-api-key`, `token`, `access_token`, `secret`, `password`, `auth`, `sig`, `signature`…).
    public static func isSecretName<S: StringProtocol>(_ name: S) -> Bool {
        let folded = (String(name).removingPercentEncoding ?? String(name)).lowercased().filter { $0.isLetter || $0.isNumber }
        if ["sig", "pass", "pwd"].contains(folded) { return true }
        return ["key", "token", "secret", "passw", "auth", "signature", "credential", "session"].contains { folded.contains($0) }
    }

    /// `a=1&key=abc` → `a=1&key=***`.
    static func maskParameters(_ part: Substring) -> String {
        part.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            guard let equals = pair.firstIndex(of: "="), isSecretName(pair[..<equals]) else { return String(pair) }
            return pair[...equals] + mask
        }.joined(separator: "&")
    }

    /// A URL inside prose: a scheme, `://`, then everything up to white space, a quote or an
    /// angle bracket (the characters messages put around URLs).
    static let urlPattern = try! NSRegularExpression(pattern: "[A-Za-z][A-Za-z0-9+.-]*://[^\\s\"'<>`]+")
    static let trailingPunctuation: Set<Character> = [".", ",", ";", ":", "!", "?", ")", "]", "}", "’", "”"]
}
