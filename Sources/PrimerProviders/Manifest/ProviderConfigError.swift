import Foundation
import PrimerCore

/// A problem with a provider manifest (`Plugins/<name>.yaml`) or with choosing a provider.
/// Every case prints as one sentence that names the file (and line, when known) and says what to do.
public enum ProviderConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file could not be read (permissions, not UTF-8…).
    case unreadable(file: String, reason: String)
    /// The YAML itself does not parse.
    case yamlSyntax(file: String, line: Int?, problem: String)
    /// The YAML's anchors and aliases expand past `SafeYAML`'s limits.
    case yamlAliases(file: String, line: Int, problem: String)
    /// The document is empty or is not a mapping of keys.
    case notAMapping(file: String, line: Int?)
    /// The manifest has no `adapter:` key.
    case missingAdapter(file: String, known: [String])
    /// `adapter:` names an adapter nobody registered.
    case unknownAdapter(file: String, line: Int?, adapter: String, known: [String])
    /// A key that is not part of the schema (`section` is nil for the top level, else e.g. "settings").
    case unknownKey(file: String, line: Int?, key: String, section: String?, allowed: [String])
    /// A value of the wrong type, e.g. `seed: forty-two`.
    case badType(file: String, line: Int?, key: String, expected: String, got: String)
    /// A value of the right type that is not allowed, e.g. `style: fancy`.
    case badValue(file: String, line: Int?, key: String, problem: String)
    /// Two files in the same folder declare the same provider name.
    case duplicateName(name: String, files: [String])
    /// `makeProvider(named:)` or `--provider` asked for a name no manifest declares.
    case unknownProvider(name: String, available: [String])

    /// The message, with the credentials of any URL in it masked (a `base_url` may carry a key).
    public var description: String { URLRedaction.redactURLs(in: message) }

    private var message: String {
        switch self {
        case let .unreadable(file, reason):
            return "\(file): cannot read the provider manifest (\(reason)); check that the file exists and is UTF-8 text."
        case let .yamlSyntax(file, line, problem):
            return "\(Self.place(file, line)): YAML syntax error (\(problem)); fix the indentation or quoting at that line."
        case let .yamlAliases(file, line, problem):
            return "\(Self.place(file, line)): \(problem)."
        case let .notAMapping(file, line):
            return "\(Self.place(file, line)): a provider manifest must be a mapping of keys such as `adapter: mock`; "
                + "write one `key: value` per line."
        case let .missingAdapter(file, known):
            let example = known.contains("mock") ? "mock" : known.first ?? "mock"
            return "\(file): missing required key `adapter`; add a line such as `adapter: \(example)` "
                + "(known adapters: \(Self.list(known)))."
        case let .unknownAdapter(file, line, adapter, known):
            return "\(Self.place(file, line)): unknown adapter `\(adapter)`\(Self.suggestion(adapter, known)); "
                + "set `adapter` to one of: \(Self.list(known))."
        case let .unknownKey(file, line, key, section, allowed):
            let name = section.map { "\($0).\(key)" } ?? key
            let hint = section == nil ? " (adapter-specific options go under `settings`)" : ""
            return "\(Self.place(file, line)): unknown key `\(name)`\(Self.suggestion(key, allowed)); "
                + "remove it or use one of: \(Self.list(allowed))\(hint)."
        case let .badType(file, line, key, expected, got):
            return "\(Self.place(file, line)): `\(key)` must be \(expected), not \(got); change the value to \(expected)."
        case let .badValue(file, line, key, problem):
            return "\(Self.place(file, line)): `\(key)` \(problem)."
        case let .duplicateName(name, files):
            return "provider `\(name)` is declared by more than one file in the same folder (\(files.joined(separator: ", "))); "
                + "give one of them a different `name:`."
        case let .unknownProvider(name, available):
            let known = available.isEmpty ? "none are installed" : "available providers: \(Self.list(available))"
            return "no provider named `\(name)`\(Self.suggestion(name, available)); \(known) "
                + "(add Plugins/\(name).yaml to define it)."
        }
    }

    static func place(_ file: String, _ line: Int?) -> String {
        line.map { "\(file):\($0)" } ?? file
    }

    static func list(_ names: [String]) -> String {
        names.isEmpty ? "(none)" : names.joined(separator: ", ")
    }

    /// ` (did you mean `x`?)` when one candidate is a close misspelling.
    static func suggestion(_ word: String, _ candidates: [String]) -> String {
        let scored = candidates.map { ($0, editDistance(word.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 > 0, best.1 <= (word.count <= 4 ? 1 : 2) else {
            return ""
        }
        return " (did you mean `\(best.0)`?)"
    }

    /// Edit distance counting an adjacent swap as one edit (optimal string alignment).
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
