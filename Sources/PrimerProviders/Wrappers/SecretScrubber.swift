import Foundation

/// Removes secrets from text before it is written anywhere lasting (cassettes):
/// - the value of every environment variable whose name ends in `_KEY`, `_TOKEN` or `_SECRET`
///   (values shorter than `minimumLength` are not credentials and are left alone, so that
///   `FOO_TOKEN=1` does not erase every "1"), replaced by `$NAME`;
/// - anything shaped like an API key: `sk-` followed by 16 or more of `[A-Za-z0-9_-]` (OpenAI,
///   Anthropic, OpenRouter…) and `pplx-` followed by 16 or more of `[A-Za-z0-9]` (Perplexity),
///   replaced by `<redacted>`.
public struct SecretScrubber: Sendable, Equatable {
    public static let secretSuffixes = ["_KEY", "_TOKEN", "_SECRET"]
    public static let minimumLength = 8
    public static let patterns = ["sk-[A-Za-z0-9_-]{16,}", "pplx-[A-Za-z0-9]{16,}"]
    public static let patternReplacement = "<redacted>"

    /// Variable name and value, longest value first (so a secret that contains another goes whole).
    public let secrets: [Secret]

    public struct Secret: Sendable, Equatable {
        public var variable: String
        public var value: String
    }

    public init(environment: [String: String]) {
        secrets = environment
            .filter { name, value in
                let upper = name.uppercased()
                return Self.secretSuffixes.contains(where: upper.hasSuffix) && value.count >= Self.minimumLength
            }
            .map { Secret(variable: $0.key, value: $0.value) }
            .sorted { ($0.value.count, $0.variable) > ($1.value.count, $1.variable) }
    }

    /// `text` with every secret replaced.
    public func scrub(_ text: String) -> String {
        var text = text
        for secret in secrets where text.contains(secret.value) {
            text = text.replacingOccurrences(of: secret.value, with: "$\(secret.variable)")
        }
        for pattern in Self.patterns {
            guard let regex = try? NSRegularExpression(pattern: pattern) else { continue }
            let range = NSRange(text.startIndex..., in: text)
            text = regex.stringByReplacingMatches(in: text, range: range, withTemplate: Self.patternReplacement)
        }
        return text
    }
}
