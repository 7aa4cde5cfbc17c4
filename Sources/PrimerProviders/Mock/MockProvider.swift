import Foundation
import PrimerCore

/// A deterministic, offline provider (`adapter: mock`) for tests and dry runs.
///
/// It does not read the prompt: it writes believable content from `request.purpose` (subject,
/// topic, subtopic, output kind, language…) in the text formats real models write. The answer
/// depends only on the request (purpose and messages) and the seed: an FNV-1a hash of both seeds a
/// SplitMix64 generator that makes every choice. Faults from the settings are injected by rule
/// (attempt number, family), so the same request always gets the same answer, and retries
/// (a new attempt number, new messages) get a fresh one.
public struct MockProvider: Provider {
    public let name: String
    public let model: String
    public let configuration: MockConfiguration
    /// Recorded answers to give back (`replay:`), see `MockProvider+Replay`.
    public let cassette: Cassette?

    public static let defaultModel = "mock-1"

    public init(
        name: String = "mock", model: String = MockProvider.defaultModel, configuration: MockConfiguration = MockConfiguration(),
        cassette: Cassette? = nil
    ) {
        self.name = name
        self.model = model.isEmpty ? Self.defaultModel : model
        self.configuration = configuration
        self.cassette = cassette
    }

    /// Builds the mock from its manifest; bad settings throw `ProviderConfigError`, a bad
    /// `replay:` cassette `CassetteError`. The mock needs no environment (no key), but takes it to
    /// fit the adapter factory shape.
    public init(manifest: ProviderManifest, environment: [String: String] = [:]) throws {
        let configuration = try MockConfiguration(settings: manifest.settingsReader)
        self.init(
            name: manifest.name, model: manifest.model, configuration: configuration,
            cassette: try configuration.replay.map(Cassette.load(from:)))
    }

    public func complete(_ request: CompletionRequest) async throws -> CompletionResponse {
        if configuration.latencyMs > 0 {
            try await Task.sleep(nanoseconds: UInt64(configuration.latencyMs) * 1_000_000)
        }
        return try respond(to: request)
    }

    /// The answer to `request`, without the configured latency.
    public func respond(to request: CompletionRequest) throws -> CompletionResponse {
        if let cassette, let recorded = try replay(request, from: cassette) { return recorded }
        let purpose = request.purpose
        let faults = configuration.faults.filter { $0.matches(purpose) }
        var asked = request
        if faults.contains(where: { $0.kind == .stuck }) {
            // The first attempt's request: the same answer every time.
            asked.purpose.attempt = 1
            asked.messages = Array(request.messages.prefix(2))
        }
        var rng = SplitMix64(seed: Self.requestHash(asked, seed: configuration.seed))

        if let fault = faults.first(where: { $0.kind == .error || $0.kind == .fatal }) {
            throw ProviderError(
                provider: name,
                message: "injected fault (\(fault.kind.rawValue)) for family \(purpose.family), attempt \(purpose.attempt)",
                retryable: fault.kind == .error)
        }

        var text: String
        if faults.contains(where: { $0.kind == .malformed }) {
            text = rng.pick(MockRenderer.chatter)
        } else if let ask = purpose.ask {
            text = ExtractiveAnswer.answer(question: ask.question, sources: ask.sources)
        } else {
            var writer = MockWriter(purpose: purpose, rng: rng)
            var content = writer.content()
            rng = writer.rng
            // `too_few` first, so the faults that add items add them to the single remaining one.
            for fault in faults.filter({ $0.kind == .tooFew }) + faults.filter({ $0.kind != .tooFew }) {
                content = Self.apply(fault, to: content, writer: writer, rng: &rng)
            }
            let format = MockRenderer.format(for: ContentKind(purpose.shape, role: purpose.role), style: configuration.style, rng: &rng)
            text = MockRenderer.render(content, format: format, rng: &rng)
        }

        var finish = FinishReason.stop
        if faults.contains(where: { $0.kind == .truncated }) {
            text = MockRenderer.truncate(text)
            finish = .length
        }

        let promptWords = request.messages.reduce(0) { $0 + MockWriter.wordCount($1.content) }
        return CompletionResponse(
            text: text, model: model,
            usage: TokenUsage(promptTokens: promptWords, completionTokens: MockWriter.wordCount(text)),
            cost: 0, finishReason: finish)
    }

    /// FNV-1a over the seed, every field of the purpose and every message.
    static func requestHash(_ request: CompletionRequest, seed: UInt64) -> UInt64 {
        let p = request.purpose
        var parts = [
            "seed=\(seed)", p.family, ContentKind(p.shape, role: p.role).rawValue, p.subjectKind.rawValue, p.language, p.subject, p.subjectNotes,
            p.topic, p.subtopic, p.siblings.joined(separator: "\u{1F}"), "attempt=\(p.attempt)",
        ]
        // Sample 0 hashes as before, so existing answers (and tests) stay the same.
        if request.sample != 0 { parts.append("sample=\(request.sample)") }
        for message in request.messages {
            parts.append(message.role.rawValue)
            parts.append(message.content)
        }
        return StableHash.fnv1a(parts.joined(separator: "\u{1E}"))
    }

    /// Applies one content fault (`too_few`, `off_scope`, `duplicates`, `placeholders`).
    static func apply(_ fault: MockFault, to content: MockContent, writer: MockWriter, rng: inout SplitMix64) -> MockContent {
        let output = writer.kind
        switch fault.kind {
        case .tooFew:
            switch content {
            case .plan(let topics):
                return .plan(topics.prefix(1).map { PlanTopic(title: $0.title, overview: $0.overview, subtopics: Array($0.subtopics.prefix(1))) })
            case .lesson:
                return .lesson("# \(writer.subtopic)\n\n\(writer.subtopic) is part of \(writer.topic).")
            case .flashcards(let items): return .flashcards(Array(items.prefix(1)))
            case .quiz(let items): return .quiz(Array(items.prefix(1)))
            case .terms(let items): return .terms(Array(items.prefix(1)))
            case .cloze(let items): return .cloze(Array(items.prefix(1)))
            case .shaped(let shape, let items): return .shaped(shape, Array(items.prefix(1)))
            }
        case .offScope:
            var result = content
            for index in 0..<fault.count {
                result = insert(writer.offScopeItem(index), into: result, rng: &rng)
            }
            return result
        case .placeholders:
            var result = content
            for _ in 0..<fault.count {
                result = insert(MockWriter.placeholderItem(output), into: result, rng: &rng, atEnd: true)
            }
            return result
        case .duplicates:
            switch content {
            case .plan(let items): return .plan(items + repeated(items, fault.count))
            case .flashcards(let items): return .flashcards(items + repeated(items, fault.count))
            case .quiz(let items): return .quiz(items + repeated(items, fault.count))
            case .terms(let items): return .terms(items + repeated(items, fault.count))
            case .cloze(let items): return .cloze(items + repeated(items, fault.count))
            case .shaped(let shape, let items): return .shaped(shape, items + repeated(items, fault.count))
            case .lesson(let text):
                // Repeat the opening paragraph, as a model that loops does.
                var paragraphs = text.components(separatedBy: "\n\n")
                guard paragraphs.count > 1 else { return .lesson(text + "\n\n" + text) }
                paragraphs.insert(contentsOf: Array(repeating: paragraphs[1], count: fault.count), at: 2)
                return .lesson(paragraphs.joined(separator: "\n\n"))
            }
        case .error, .fatal, .malformed, .truncated, .stuck:
            return content
        }
    }

    /// The first `count` items again (cycling when there are fewer).
    static func repeated<T>(_ items: [T], _ count: Int) -> [T] {
        items.isEmpty ? [] : (0..<count).map { items[$0 % items.count] }
    }

    /// Adds the item(s) of `extra` to `content` at a seeded position (or at the end).
    static func insert(_ extra: MockContent, into content: MockContent, rng: inout SplitMix64, atEnd: Bool = false) -> MockContent {
        func merge<T>(_ items: [T], _ more: [T]) -> [T] {
            var items = items
            items.insert(contentsOf: more, at: atEnd ? items.count : rng.int(0...items.count))
            return items
        }
        switch (content, extra) {
        case let (.plan(a), .plan(b)): return .plan(merge(a, b))
        case let (.flashcards(a), .flashcards(b)): return .flashcards(merge(a, b))
        case let (.quiz(a), .quiz(b)): return .quiz(merge(a, b))
        case let (.terms(a), .terms(b)): return .terms(merge(a, b))
        case let (.cloze(a), .cloze(b)): return .cloze(merge(a, b))
        case let (.shaped(shape, a), .shaped(_, b)): return .shaped(shape, merge(a, b))
        case let (.lesson(a), .lesson(b)): return .lesson(a + "\n\n" + b)
        default: return content
        }
    }
}
