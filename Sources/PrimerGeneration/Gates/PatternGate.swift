import Yams
import PrimerCore

/// `pattern`: one field must match, or must not match, a regular expression, so a family's
/// common content rules are YAML rather than Swift.
///
/// ```yaml
/// - pattern: {field: back, must_not_match: "(?i)^see (above|below)", action: drop, message: "answer points elsewhere"}
/// - pattern: {field: front, must_match: "\\?$", action: reject}
/// ```
/// `field` is a `GateField` name; `choices` checks each choice. Texts are trimmed first (as
/// `length` counts them) and matched with ICU syntax (NSRegularExpression, compiled once when the
/// family loads): `(?i)` ignores case, `^` and `$` anchor the whole text. `action: drop` drops the
/// items that fail (a plan topic with its subtopics, or one subtopic); `action: reject` rejects
/// the answer and names the failing items, so the retry's reminder says what to fix. Notes have
/// one body, so they can only be rejected. `message` replaces the default reason.
struct PatternGate: FieldNamingGate {
    static let gateName = "pattern"
    /// A rejection names this many failing items at most: a reminder listing forty is no clearer.
    static let reasonLimit = 5

    enum Action: String, CaseIterable, Sendable {
        case drop, reject
    }

    /// A compiled expression with its source, which the default reasons quote.
    struct Rule: Sendable {
        let source: String
        let regex: GateRegex
    }

    var name: String { Self.gateName }
    let field: String
    let mustMatch: Rule?
    let mustNotMatch: Rule?
    let action: Action
    let message: String?
    let namedFields: [GateFieldName]

    init(options: Node?) throws {
        let gate = Self.gateName
        var reader = try GateOptions(gate: gate, node: options)
        let field = try reader.string("field")
        let mustMatch = try Self.rule(&reader, "must_match")
        let mustNotMatch = try Self.rule(&reader, "must_not_match")
        let actionText = try reader.string("action")
        let message = try reader.string("message")
        try reader.finish()

        guard let field else {
            throw GateConfigError(gate: gate, option: "field", problem: "missing; name the field to check (\(GateField.listing()))")
        }
        guard GateField.all.contains(field) else {
            throw GateField.unknown(field, gate: gate, option: "field", line: reader.line("field"))
        }
        guard mustMatch != nil || mustNotMatch != nil else {
            throw GateConfigError(
                gate: gate, problem: "give `must_match`, `must_not_match` or both, e.g. {field: \(field), must_not_match: \"(?i)^see above\", action: drop}")
        }
        let actions = "drop (drop the items that fail) or reject (reject the whole answer and retry)"
        guard let actionText else {
            throw GateConfigError(gate: gate, option: "action", problem: "missing; write \(actions)")
        }
        guard let action = Action(rawValue: actionText) else {
            throw GateConfigError(gate: gate, option: "action", problem: "'\(actionText)' is not an action; write \(actions)", line: reader.line("action"))
        }
        if action == .drop && field == "body" {
            throw GateConfigError(
                gate: gate, option: "action",
                problem: "notes have one body and dropping it would leave no lesson; use action: reject", line: reader.line("action"))
        }
        self.field = field
        self.mustMatch = mustMatch
        self.mustNotMatch = mustNotMatch
        self.action = action
        self.message = message.flatMap { $0.isEmpty ? nil : $0 }
        self.namedFields = [GateFieldName(name: field, option: "field", line: reader.line("field"))]
    }

    /// The compiled expression under `key`, or nil when absent; a bad one is an error with its line.
    private static func rule(_ reader: inout GateOptions, _ key: String) throws -> Rule? {
        guard let source = try reader.string(key) else { return nil }
        guard !source.isEmpty else {
            throw GateConfigError(gate: gateName, option: key, problem: "is empty; write the regular expression to check", line: reader.line(key))
        }
        do {
            return Rule(source: source, regex: try GateRegex(validating: source))
        } catch {
            throw GateConfigError(
                gate: gateName, option: key,
                problem: "'\(source)' is not a valid regular expression (ICU syntax); check its brackets, parentheses and escapes "
                    + "(inside double quotes YAML needs \\\\ for one backslash; single quotes take it as written)",
                line: reader.line(key))
        }
    }

    func apply(_ output: GeneratedOutput, context: GateContext) -> GateVerdict {
        switch output {
        case .lesson(let text):
            guard field == "body", let problem = problem(text, label: "the text") else { return GateVerdict(output: output) }
            return GateVerdict(output: output, rejections: ["the notes: \(problem)"])
        case .plan(let plan):
            return apply(plan)
        case .pairs, .choices, .clozes, .shaped:
            if action == .drop {
                return output.droppingItems(context) { item in failure(item).map { "dropped \($0)" } }
            }
            return GateVerdict(output: output, rejections: Self.capped(output.gateItems(context.labels ?? .defaults(for: output.shape)).compactMap(failure)))
        }
    }

    /// Why `item` fails, naming it ("flashcard ‘…’: back must match /…/"), or nil.
    private func failure(_ item: GateItem) -> String? {
        for value in item.values(of: field) {
            let label = field == "choices" ? "choice \(GateText.quote(value))" : field
            if let problem = problem(value, label: label) {
                return "\(item.noun) \(GateText.quote(item.primaryText)): \(problem)"
            }
        }
        return nil
    }

    /// Why `text` fails the rule, or nil when it passes: the message, else the rule as an
    /// instruction the retry's reminder can pass on.
    private func problem(_ text: String, label: String) -> String? {
        let trimmed = text.trimmedWhitespace
        if let rule = mustMatch, !rule.regex.matches(trimmed) {
            return message ?? "\(label) must match /\(rule.source)/"
        }
        if let rule = mustNotMatch, rule.regex.matches(trimmed) {
            return message ?? "\(label) must not match /\(rule.source)/"
        }
        return nil
    }

    private func apply(_ plan: Plan) -> GateVerdict {
        var kept = plan
        var failures: [String] = []
        switch field {
        case "topic":
            kept.topics = plan.topics.filter { topic in
                guard let problem = problem(topic.title, label: "the title") else { return true }
                failures.append("topic \(GateText.quote(topic.title)): \(problem)")
                return false
            }
        case "subtopic":
            for index in kept.topics.indices {
                let topic = kept.topics[index].title
                kept.topics[index].subtopics = kept.topics[index].subtopics.filter { subtopic in
                    guard let problem = problem(subtopic, label: "the title") else { return true }
                    failures.append("subtopic \(GateText.quote(subtopic)) of \(GateText.quote(topic)): \(problem)")
                    return false
                }
            }
        default:
            return GateVerdict(output: .plan(plan))
        }
        if action == .drop {
            return GateVerdict(output: .plan(kept), dropped: failures.map { "dropped \($0)" })
        }
        return GateVerdict(output: .plan(plan), rejections: Self.capped(failures))
    }

    /// The first `reasonLimit` failures and how many more there are.
    static func capped(_ failures: [String]) -> [String] {
        guard failures.count > reasonLimit else { return failures }
        let more = failures.count - reasonLimit
        return Array(failures.prefix(reasonLimit)) + ["\(GateText.count(more, "more item")) fail\(more == 1 ? "s" : "") the same rule"]
    }
}
