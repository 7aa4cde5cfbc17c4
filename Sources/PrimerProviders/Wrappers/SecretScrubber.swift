import Foundation
import PrimerCore

/// Removes secrets from text before it is written anywhere lasting (the store, cassettes, output):
/// - the values Primer knows are keys (`SecretScrubber(manifest:environment:)`: a manifest's
///   `api_key_env`, an exec provider's `pass_env`, the credentials in a `base_url`);
/// - the value of every environment variable whose name ends in `_KEY`, `_TOKEN` or `_SECRET`
///   (values shorter than `minimumLength` are not credentials and are left alone, so that
///   `FOO_TOKEN=1` does not erase every "1"), replaced by `$NAME`;
/// - anything shaped like an API key: `sk-` followed by 16 or more of `[A-Za-z0-9_-]` (OpenAI,
///   Anthropic, OpenRouter…) and `pplx-` followed by 16 or more of `[A-Za-z0-9]` (Perplexity),
///   replaced by `<redacted>`;
/// - the user info and secret-looking query values of every URL (`URLRedaction`), replaced by `***`.
public struct SecretScrubber: Sendable, Equatable {
    public static let secretSuffixes = ["_KEY", "_TOKEN", "_SECRET"]
    public static let minimumLength = 8
    public static let patterns = ["sk-[A-Za-z0-9_-]{16,}", "pplx-[A-Za-z0-9]{16,}"]
    public static let patternReplacement = "<redacted>"

    /// Variable name and value, longest value first (so a secret that contains another goes whole).
    public let secrets: [Secret]

    public struct Secret: Sendable, Equatable {
        /// The environment variable it came from; empty for a secret found elsewhere (a URL).
        public var variable: String
        public var value: String
        public init(variable: String, value: String) {
            self.variable = variable
            self.value = value
        }
        /// `$NAME`, which tells the reader which key was there, or `***`.
        public var replacement: String { variable.isEmpty ? URLRedaction.mask : "$\(variable)" }
    }

    public init(environment: [String: String]) {
        self.init(secrets: environment
            .filter { name, _ in
                let upper = name.uppercased()
                return Self.secretSuffixes.contains(where: upper.hasSuffix)
            }
            .map { Secret(variable: $0.key, value: $0.value) })
    }

    /// Scrubs `secrets` (values shorter than `minimumLength` are dropped; a value listed twice
    /// counts once).
    public init(secrets: [Secret]) {
        var seen = Set<String>()
        self.secrets = secrets
            .filter { $0.value.count >= Self.minimumLength && seen.insert($0.value).inserted }
            .sorted { ($0.value.count, $0.variable) > ($1.value.count, $1.variable) }
    }

    /// This scrubber with `more` secrets.
    public func adding(_ more: [Secret]) -> SecretScrubber {
        SecretScrubber(secrets: secrets + more)
    }

    /// `text` with every secret replaced.
    public func scrub(_ text: String) -> String {
        var text = text
        for secret in secrets where text.contains(secret.value) {
            text = text.replacingOccurrences(of: secret.value, with: secret.replacement)
        }
        // Every answer passes here: the regular expressions run only on text with their prefix.
        for (prefix, regex) in Self.compiledPatterns where text.contains(prefix) {
            let range = NSRange(text.startIndex..., in: text)
            text = regex.stringByReplacingMatches(in: text, range: range, withTemplate: Self.patternReplacement)
        }
        return URLRedaction.redactURLs(in: text)
    }

    /// `patterns`, compiled once, each with the literal prefix a match must start with.
    static let compiledPatterns: [(prefix: String, regex: NSRegularExpression)] = patterns.compactMap { pattern in
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return nil }
        return (String(pattern.prefix { $0 != "[" }), regex)
    }
}
