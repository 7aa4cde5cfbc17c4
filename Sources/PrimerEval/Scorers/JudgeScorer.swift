import Foundation
import PrimerCore

/// A judge's verdict on one output: 1–5 on accuracy, scope and clarity.
public struct JudgeScore: Sendable, Equatable, Codable {
    public var accuracy: Double
    public var scope: Double
    public var clarity: Double
    /// The judge's one-line reason, when it gave one.
    public var rationale: String

    public init(accuracy: Double, scope: Double, clarity: Double, rationale: String = "") {
        self.accuracy = accuracy
        self.scope = scope
        self.clarity = clarity
        self.rationale = rationale
    }

    /// Mean of the three criteria.
    public var mean: Double { (accuracy + scope + clarity) / 3 }

    /// `judge_accuracy`, `judge_scope`, `judge_clarity`, `judge_mean` (all higher-is-better).
    public var metrics: MetricValues {
        ["judge_accuracy": accuracy, "judge_scope": scope, "judge_clarity": clarity, "judge_mean": mean]
    }
}

/// A judge answer that carries no usable score.
public struct JudgeParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var answer: String
    public init(message: String, answer: String) {
        self.message = message
        self.answer = answer
    }
    public var description: String { "judge answer not understood: \(message)" }
}

/// LLM-as-judge: asks a model to grade one generated output 1–5 on accuracy, scope and clarity.
///
/// Off by default: nothing in `CaseScorer` calls it. The runner creates one with a judge
/// provider and merges `JudgeScore.metrics` into the case's family with `CaseScores.merge`.
/// `request(for:output:)` and `parse(_:)` are pure and deterministic; only `score` calls the model.
///
/// Rubric (sent verbatim in the system message, `rubric`):
/// - accuracy: 5 = everything correct; 3 = minor errors or imprecision; 1 = major factual errors;
/// - scope: 5 = entirely about the subtopic (plans: covers the subject, nothing off-subject);
///   3 = partly about siblings or off-subject; 1 = mostly about something else;
/// - clarity: 5 = clear and well organised for a student; 3 = understandable but clumsy; 1 = confusing.
/// The model must answer with one JSON object `{"accuracy": n, "scope": n, "clarity": n,
/// "rationale": "…"}`; `parse` also accepts `Accuracy: 4/5` lines (see there).
public struct JudgeScorer: Sendable {
    public let provider: any Provider
    public var temperature: Double?
    public var maxTokens: Int?
    /// Longest rendered output sent (characters); longer notes are cut with a marker.
    public var maxOutputCharacters: Int

    public init(provider: any Provider, temperature: Double? = 0, maxTokens: Int? = 400, maxOutputCharacters: Int = 12_000) {
        self.provider = provider
        self.temperature = temperature
        self.maxTokens = maxTokens
        self.maxOutputCharacters = maxOutputCharacters
    }

    /// Asks the provider and parses its answer. Returns the score and the raw response (for usage
    /// and cost). Throws the provider's error or `JudgeParseError`.
    public func score(_ evalCase: EvalCase, output: GeneratedOutput, kind: ContentKind) async throws -> (score: JudgeScore, response: CompletionResponse) {
        let request = Self.request(
            for: evalCase, output: output, kind: kind, temperature: temperature, maxTokens: maxTokens,
            maxOutputCharacters: maxOutputCharacters)
        let response = try await provider.complete(request)
        return (try Self.parse(response.text), response)
    }

    // MARK: - Request

    public static let rubric = """
        You are a strict examiner grading study material generated for a student. Grade the \
        material on three criteria, each an integer from 1 to 5:
        - accuracy: 5 = everything stated is correct; 3 = minor errors or imprecision; 1 = major factual errors.
        - scope: 5 = entirely about the requested subtopic (for a plan: covers the subject and nothing \
        off-subject); 3 = partly about other subtopics or off-subject; 1 = mostly about something else.
        - clarity: 5 = clear and well organised for a student; 3 = understandable but clumsy; 1 = confusing.
        Answer with one JSON object and nothing else:
        {"accuracy": <1-5>, "scope": <1-5>, "clarity": <1-5>, "rationale": "<one sentence>"}
        """

    /// JSON schema of the answer, for providers with structured output.
    public static let answerSchema = """
        {"type":"object","properties":{"accuracy":{"type":"integer","minimum":1,"maximum":5},\
        "scope":{"type":"integer","minimum":1,"maximum":5},"clarity":{"type":"integer","minimum":1,"maximum":5},\
        "rationale":{"type":"string"}},"required":["accuracy","scope","clarity","rationale"],"additionalProperties":false}
        """

    /// The judging request: the rubric as system message; the case's context (subject, topic,
    /// subtopic, siblings, reference objectives) and the rendered output as user message.
    public static func request(
        for evalCase: EvalCase, output: GeneratedOutput, kind: ContentKind, temperature: Double? = 0, maxTokens: Int? = 400,
        maxOutputCharacters: Int = 12_000
    ) -> CompletionRequest {
        var lines: [String] = []
        lines.append("Subject: \(evalCase.subject.title)")
        if !evalCase.subject.notes.isEmpty { lines.append("Subject notes: \(evalCase.subject.notes)") }
        let golden = evalCase.subtopic
        if let golden {
            if !golden.topic.isEmpty { lines.append("Topic: \(golden.topic)") }
            lines.append("Subtopic: \(golden.subtopic)")
            if !golden.siblings.isEmpty {
                lines.append("Other subtopics of the topic (out of scope): \(golden.siblings.joined(separator: "; "))")
            }
            if !golden.objectives.isEmpty {
                lines.append("Reference learning objectives:")
                lines += golden.objectives.map { "- \($0)" }
            }
        }
        lines.append("")
        lines.append("Material to grade (\(describe(kind))):")
        lines.append("<<<")
        var rendered = render(output)
        if rendered.count > maxOutputCharacters {
            rendered = String(rendered.prefix(maxOutputCharacters)) + "\n[… cut for length]"
        }
        lines.append(rendered)
        lines.append(">>>")
        lines.append("")
        lines.append("Grade the material now with the JSON object only.")

        var purpose = RequestPurpose(
            family: "judge", shape: output.shape, subjectKind: evalCase.subject.kind,
            subject: evalCase.subject.title, subjectNotes: evalCase.subject.notes,
            topic: golden?.topic ?? "", subtopic: golden?.subtopic ?? "", siblings: golden?.siblings ?? [])
        purpose.attempt = 1
        return CompletionRequest(
            messages: [
                ChatMessage(role: .system, content: rubric),
                ChatMessage(role: .user, content: lines.joined(separator: "\n")),
            ],
            purpose: purpose, jsonSchema: answerSchema, temperature: temperature, maxTokens: maxTokens)
    }

    static func describe(_ kind: ContentKind) -> String {
        switch kind {
        case .plan: "a study plan: topics with their subtopics"
        case .lesson: "study notes"
        case .flashcards: "flashcards"
        case .quiz: "a multiple-choice quiz; the correct choice is marked"
        case .terms: "key terms with definitions"
        case .cloze: "cloze cards; the hidden words are marked {{c1::…}}"
        default: kind.shape.plugin.map { "\($0.labels.noun)s: \($0.format)" } ?? kind.rawValue
        }
    }

    /// The output as plain text for the judge.
    public static func render(_ output: GeneratedOutput) -> String {
        switch output {
        case .plan(let plan):
            return plan.topics.enumerated().map { i, topic in
                ([("\(i + 1). \(topic.title)")] + topic.subtopics.map { "   - \($0)" }).joined(separator: "\n")
            }.joined(separator: "\n")
        case .lesson(let text):
            return text
        case .pairs(let cards):
            return cards.enumerated().map { i, card in "\(i + 1). Q: \(card.front)\n   A: \(card.back)" }
                .joined(separator: "\n")
        case .choices(let questions):
            return questions.enumerated().map { i, q in
                var lines = ["\(i + 1). \(q.question)"]
                for (j, choice) in q.choices.enumerated() {
                    lines.append("   \(ChoiceLetter.of(j))) \(choice)\(j == q.correctIndex ? "  [correct]" : "")")
                }
                if !q.explanation.isEmpty { lines.append("   Explanation: \(q.explanation)") }
                return lines.joined(separator: "\n")
            }.joined(separator: "\n")
        case .clozes(let items):
            return items.enumerated().map { i, item in "\(i + 1). \(item.text)\(item.extra.isEmpty ? "" : " (\(item.extra))")" }
                .joined(separator: "\n")
        case .shaped(_, let items):
            return items.enumerated().map { i, item in "\(i + 1). \(AnswerFormat.text(.shaped(item)))" }.joined(separator: "\n\n")
        }
    }

    // MARK: - Parsing

    /// Reads a judge answer. Accepted, in this order:
    /// 1. the first JSON object in the text (code fences and prose around it are ignored) with
    ///    keys `accuracy`, `scope`, `clarity` (case-insensitive), values numbers or numeric strings
    ///    ("4", "4/5"), and an optional `rationale`;
    /// 2. otherwise lines naming each criterion followed by a number, like `Accuracy: 4`,
    ///    `**Scope** - 3/5`, `clarity = 5` (the first number after the name counts).
    /// Every score must be within 1...5. Throws `JudgeParseError` otherwise.
    public static func parse(_ text: String) throws -> JudgeScore {
        let criteria = ["accuracy", "scope", "clarity"]
        if let object = firstJSONObject(in: text) {
            var lowered: [String: Any] = [:]
            for (key, value) in object { lowered[key.lowercased()] = value }
            if criteria.allSatisfy({ lowered[$0] != nil }) {
                var values: [Double] = []
                for name in criteria {
                    guard let value = number(lowered[name]!) else {
                        throw JudgeParseError(message: "'\(name)' is not a number", answer: text)
                    }
                    values.append(try checked(value, name, text))
                }
                let rationale = (lowered["rationale"] as? String) ?? ""
                return JudgeScore(accuracy: values[0], scope: values[1], clarity: values[2], rationale: rationale)
            }
        }
        var values: [String: Double] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            let lower = line.lowercased()
            for name in criteria where values[name] == nil {
                guard let range = lower.range(of: name) else { continue }
                let rest = lower[range.upperBound...]
                // Only separators may stand between the name and the number.
                let prefix = rest.prefix { !$0.isNumber }
                guard prefix.allSatisfy({ " \t:=-*_|–—()".contains($0) }) else { continue }
                let digits = rest.dropFirst(prefix.count).prefix { $0.isNumber || $0 == "." }
                if let value = Double(digits) { values[name] = try checked(value, name, text) }
            }
        }
        let missing = criteria.filter { values[$0] == nil }
        guard missing.isEmpty else {
            throw JudgeParseError(message: "no score for \(missing.joined(separator: ", "))", answer: text)
        }
        return JudgeScore(accuracy: values["accuracy"]!, scope: values["scope"]!, clarity: values["clarity"]!)
    }

    static func checked(_ value: Double, _ name: String, _ text: String) throws -> Double {
        guard value >= 1, value <= 5 else {
            throw JudgeParseError(message: "'\(name)' is \(value), outside 1–5", answer: text)
        }
        return value
    }

    static func number(_ value: Any) -> Double? {
        if let n = value as? NSNumber, !(value is Bool) { return n.doubleValue }
        if let s = value as? String {
            let head = s.trimmingCharacters(in: .whitespaces).prefix { $0.isNumber || $0 == "." }
            return Double(head)
        }
        return nil
    }

    /// The first balanced `{…}` in the text that parses as a JSON object.
    static func firstJSONObject(in text: String) -> [String: Any]? {
        let chars = Array(text)
        var start = chars.firstIndex(of: "{")
        while let s = start {
            var depth = 0
            var inString = false
            var escaped = false
            var end: Int?
            for i in s..<chars.count {
                let c = chars[i]
                if inString {
                    if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
                    continue
                }
                if c == "\"" { inString = true } else if c == "{" { depth += 1 } else if c == "}" {
                    depth -= 1
                    if depth == 0 { end = i; break }
                }
            }
            guard let e = end else { return nil }
            let candidate = String(chars[s...e])
            if let data = candidate.data(using: .utf8),
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
            {
                return object
            }
            start = chars[(s + 1)...].firstIndex(of: "{")
        }
        return nil
    }
}
