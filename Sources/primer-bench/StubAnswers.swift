import Foundation
import PrimerCore
import PrimerProviders
import PrimerTestSupport

/// Answers OpenAI-style `POST /chat/completions` requests with well-formed content that passes
/// Primer's parsers and gates, like a model that always follows the prompt.
///
/// The family comes from `response_format.json_schema.name` when present, else from the words of
/// the task; subject, topic, subtopic and siblings from the context block every prompt starts
/// with (`## Subject`, `## Topic`, `## This subtopic`, `## Sibling subtopics`). The content is the
/// mock provider's for that purpose; when the request asked for JSON (`response_format`), it is
/// sent as JSON in the family's schema (as a server with structured output does), else as text.
struct StubAnswers: Sendable {
    let mock = MockProvider()
    let cache = AnswerCache()
    let model: String
    let latency: Duration

    init(model: String = "stub-1", latency: Duration) {
        self.model = model
        self.latency = latency
    }

    static let familyOutputs: [String: OutputKind] = [
        "plan": .plan, "notes": .notes, "grammar-lesson": .notes, "grammar_lesson": .notes,
        "flashcards": .flashcards, "quiz": .quiz, "terms": .terms,
    ]

    func respond(_ request: StubHTTPServer.Request) -> StubHTTPServer.Response {
        guard request.method == "POST", request.path.hasSuffix("/chat/completions") else {
            return .json(["error": ["message": "the stub answers POST …/chat/completions only"]], status: 404)
        }
        guard let body = request.json, let rawMessages = body["messages"] as? [[String: Any]] else {
            return .json(["error": ["message": "no messages in the request body"]], status: 400)
        }
        let messages = rawMessages.compactMap { raw -> ChatMessage? in
            guard let role = (raw["role"] as? String).flatMap(ChatMessage.Role.init(rawValue:)) else { return nil }
            return ChatMessage(role: role, content: raw["content"] as? String ?? "")
        }
        let format = body["response_format"] as? [String: Any]
        let schemaName = (format?["json_schema"] as? [String: Any])?["name"] as? String
        let firstUser = messages.first { $0.role == .user }?.content ?? ""
        let (family, output) = Self.family(schemaName: schemaName, task: firstUser)
        let facts = Self.context(firstUser)
        // Content is written for the subject's base title ("Linear Algebra c8r0-17" → "Linear Algebra")
        // and cached, so the stub costs little CPU per answer and does not compete with the client.
        let purpose = RequestPurpose(
            family: family, output: output, subjectKind: .general, subject: Self.baseTitle(facts.subject),
            topic: facts.topic, subtopic: facts.subtopic, siblings: facts.siblings,
            attempt: 1 + messages.filter { $0.role == .assistant }.count)
        let wantsJSON = format != nil && (format?["type"] as? String) != "text" && output != .notes
        let key = [purpose.family, wantsJSON ? "json" : "text", purpose.subject, purpose.topic, purpose.subtopic,
                   purpose.siblings.joined(separator: "\u{1F}"), "\(purpose.attempt)"].joined(separator: "\u{1E}")
        let text: String
        if let cached = cache.get(key) {
            text = cached
        } else {
            do {
                let answer = try mock.respond(to: CompletionRequest(messages: [], purpose: purpose))
                text = wantsJSON ? try Self.json(answer.text, output: output) : answer.text
            } catch {
                return .json(["error": ["message": "stub could not answer: \(error)"]], status: 500, delay: latency)
            }
            cache.set(key, text)
        }
        let promptTokens = messages.reduce(0) { $0 + $1.content.split(separator: " ").count }
        let completionTokens = text.split(separator: " ").count
        let completion: [String: Any] = [
            "id": "chatcmpl-stub", "object": "chat.completion", "created": Int(Date().timeIntervalSince1970),
            "model": model,
            "choices": [["index": 0, "message": ["role": "assistant", "content": text], "finish_reason": "stop"]],
            "usage": ["prompt_tokens": promptTokens, "completion_tokens": completionTokens, "total_tokens": promptTokens + completionTokens],
        ]
        return .json(completion, delay: latency)
    }

    /// The title without its last word when that word holds a digit (the run and index suffix).
    static func baseTitle(_ title: String) -> String {
        var words = title.split(separator: " ")
        if words.count > 1, let last = words.last, last.contains(where: \.isNumber) { words.removeLast() }
        return words.joined(separator: " ")
    }

    /// The family and its output kind, from the schema name or the task's words.
    static func family(schemaName: String?, task: String) -> (String, OutputKind) {
        if let name = schemaName?.lowercased(), let output = familyOutputs[name] { return (name, output) }
        let section = task.range(of: "## Task").map { String(task[$0.upperBound...]) } ?? task
        let lower = section.lowercased()
        if lower.contains("study plan") { return ("plan", .plan) }
        if lower.contains("study notes") { return ("notes", .notes) }
        if lower.contains("flashcard") { return ("flashcards", .flashcards) }
        if lower.contains("multiple-choice") || lower.contains("quiz") { return ("quiz", .quiz) }
        if lower.contains("glossar") || lower.contains("key terms") { return ("terms", .terms) }
        return ("notes", .notes)
    }

    struct Facts { var subject = "", topic = "", subtopic = "", siblings: [String] = [] }

    /// Reads the context block of a prompt.
    static func context(_ text: String) -> Facts {
        var facts = Facts()
        var section = ""
        var valueTaken = false
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("## ") {
                section = String(line.dropFirst(3))
                valueTaken = false
                continue
            }
            if line.isEmpty { continue }
            switch section {
            case "Subject" where !valueTaken: facts.subject = line; valueTaken = true
            case "Topic" where !valueTaken: facts.topic = line; valueTaken = true
            case "This subtopic" where !valueTaken: facts.subtopic = line; valueTaken = true
            case let s where s.hasPrefix("Sibling subtopics") && line.hasPrefix("- "):
                facts.siblings.append(String(line.dropFirst(2)))
            default: break
            }
        }
        return facts
    }

    /// The mock's text answer in the family's JSON schema.
    static func json(_ text: String, output: OutputKind) throws -> String {
        let object: Any
        switch try OutputParser.parse(text, as: output) {
        case .plan(let plan):
            object = ["topics": plan.topics.map { ["title": $0.title, "overview": $0.overview, "subtopics": $0.subtopics] }]
        case .flashcards(let cards):
            object = ["flashcards": cards.map { ["front": $0.front, "back": $0.back] }]
        case .quiz(let questions):
            object = ["questions": questions.map {
                ["question": $0.question, "choices": $0.choices, "answer_index": $0.correctIndex, "explanation": $0.explanation] as [String: Any]
            }]
        case .terms(let terms):
            object = ["terms": terms.map { ["term": $0.term, "definition": $0.definition] }]
        case .notes(let notes):
            return notes
        }
        return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }
}

/// Answers already written, by purpose.
final class AnswerCache: @unchecked Sendable {
    private let lock = NSLock()
    private var answers: [String: String] = [:]
    func get(_ key: String) -> String? { lock.withLock { answers[key] } }
    func set(_ key: String, _ value: String) { lock.withLock { answers[key] = value } }
}
