import Foundation
import PrimerCore
import PrimerProviders
import PrimerTestSupport
import PrimerGeneration

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

    static let familyOutputs: [String: ContentKind] = [
        "plan": .plan, "lesson": .lesson, "notes": .lesson, "grammar-lesson": .lesson, "grammar_lesson": .lesson,
        "flashcards": .flashcards, "quiz": .quiz, "terms": .terms, "cloze": .cloze,
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
            family: family, shape: output.shape, role: output == .terms ? .glossary : nil, subjectKind: .general, subject: Self.baseTitle(facts.subject),
            topic: facts.topic, subtopic: facts.subtopic, siblings: facts.siblings,
            attempt: 1 + messages.filter { $0.role == .assistant }.count)
        let wantsJSON = format != nil && (format?["type"] as? String) != "text" && output != .lesson
        let key = [purpose.family, wantsJSON ? "json" : "text", purpose.subject, purpose.topic, purpose.subtopic,
                   purpose.siblings.joined(separator: "\u{1F}"), "\(purpose.attempt)"].joined(separator: "\u{1E}")
        let answer: CachedAnswer
        if let cached = cache.get(key) {
            answer = cached
        } else {
            do {
                let mockAnswer = try mock.respond(to: CompletionRequest(messages: [], purpose: purpose))
                let text = wantsJSON ? try Self.json(mockAnswer.text, output: output) : mockAnswer.text
                answer = try CachedAnswer(text: text)
            } catch {
                return .json(["error": ["message": "stub could not answer: \(error)"]], status: 500, delay: latency)
            }
            cache.set(key, answer)
        }
        let promptTokens = messages.reduce(0) { $0 + Self.wordCount($1.content) }
        let completionTokens = answer.words
        // The JSON JSONSerialization would write for the completion (sorted keys), with the
        // answer's string literal written once per answer instead of once per request.
        let responseBody = #"{"choices":[{"finish_reason":"stop","index":0,"message":{"content":"#
            + answer.literal
            + #","role":"assistant"}}],"created":\#(Int(Date().timeIntervalSince1970)),"id":"chatcmpl-stub","model":"#
            + model.jsonLiteral
            + #","object":"chat.completion","usage":{"completion_tokens":\#(completionTokens),"prompt_tokens":\#(promptTokens),"total_tokens":\#(promptTokens + completionTokens)}}"#
        return StubHTTPServer.Response(status: 200, headers: ["Content-Type": "application/json"], body: Data(responseBody.utf8), delay: latency)
    }

    /// Space-separated pieces, counted on the bytes (the prompts are the stub's only input;
    /// this is its stand-in for a tokenizer).
    static func wordCount(_ text: String) -> Int {
        var count = 0
        var inWord = false
        for byte in text.utf8 {
            if byte == 0x20 {
                inWord = false
            } else if !inWord {
                inWord = true
                count += 1
            }
        }
        return count
    }

    /// The title without its last word when that word holds a digit (the run and index suffix).
    static func baseTitle(_ title: String) -> String {
        var words = title.split(separator: " ")
        if words.count > 1, let last = words.last, last.contains(where: \.isNumber) { words.removeLast() }
        return words.joined(separator: " ")
    }

    /// The family and its output kind, from the schema name or the task's words.
    static func family(schemaName: String?, task: String) -> (String, ContentKind) {
        if let name = schemaName?.lowercased(), let output = familyOutputs[name] { return (name, output) }
        let section = task.range(of: "## Task").map { String(task[$0.upperBound...]) } ?? task
        let lower = section.lowercased()
        if lower.contains("study plan") { return ("plan", .plan) }
        if lower.contains("study notes") { return ("lesson", .lesson) }
        if lower.contains("cloze") { return ("cloze", .cloze) }
        if lower.contains("flashcard") { return ("flashcards", .flashcards) }
        if lower.contains("multiple-choice") || lower.contains("quiz") { return ("quiz", .quiz) }
        if lower.contains("glossar") || lower.contains("key terms") { return ("terms", .terms) }
        return ("lesson", .lesson)
    }

    struct Facts { var subject = "", topic = "", subtopic = "", siblings: [String] = [] }

    /// Reads the context block of a prompt.
    static func context(_ text: String) -> Facts {
        var facts = Facts()
        var section = ""
        var valueTaken = false
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            // The context block is the start of the prompt; the task after it is not read.
            if raw.hasPrefix("## Task") { break }
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
    static func json(_ text: String, output: ContentKind) throws -> String {
        let object: Any
        switch try OutputParser.parse(text, as: output.shape, pairLines: output == .terms ? .termDefinition : .questionAnswer) {
        case .plan(let plan):
            object = ["topics": plan.topics.map { ["title": $0.title, "overview": $0.overview, "subtopics": $0.subtopics] }]
        case .pairs(let cards) where output == .terms:
            object = ["terms": cards.map { ["term": $0.front, "definition": $0.back] }]
        case .pairs(let cards):
            object = ["flashcards": cards.map { ["front": $0.front, "back": $0.back] }]
        case .clozes(let items):
            object = ["clozes": items.map { ["text": $0.text, "extra": $0.extra] }]
        case .choices(let questions):
            object = ["questions": questions.map {
                ["question": $0.question, "choices": $0.choices, "answer_index": $0.correctIndex, "explanation": $0.explanation] as [String: Any]
            }]
        case .lesson(let notes):
            return notes
        case .shaped:
            // A registered shape's parser reads its line syntax when no JSON is given.
            return text
        }
        return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }
}

/// An answer with what every response repeats: its JSON string literal and word count.
struct CachedAnswer: Sendable {
    let text: String
    let literal: String
    let words: Int

    init(text: String) throws {
        self.text = text
        literal = text.jsonLiteral
        words = StubAnswers.wordCount(text)
    }
}

extension String {
    /// The string as JSONSerialization writes it inside an array, without the brackets.
    var jsonLiteral: String {
        let data = (try? JSONSerialization.data(withJSONObject: [self])) ?? Data("[\"\"]".utf8)
        return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
    }
}

/// Answers already written, by purpose.
final class AnswerCache: @unchecked Sendable {
    private let lock = NSLock()
    private var answers: [String: CachedAnswer] = [:]
    func get(_ key: String) -> CachedAnswer? { lock.withLock { answers[key] } }
    func set(_ key: String, _ value: CachedAnswer) { lock.withLock { answers[key] = value } }
}
