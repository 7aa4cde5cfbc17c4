import Foundation
import PrimerCore
import PrimerDocuments
import PrimerGeneration

/// An answer to a learner's question (`primer ask`, the API's `ask`): the text with its citation
/// markers and the sources they name, or why there is no answer.
public struct AskAnswer: Sendable, Codable, Equatable {
    public var subject: String
    public var question: String
    /// False when the subject's documents and lessons do not cover the question.
    public var answered: Bool
    /// Who wrote the answer: `model`, or `quotes` — the sources' own sentences, when the model
    /// gave no answer its sources support (a small model often cannot).
    public var method: String
    /// The answer, each claim ending with the numbers of its sources (`[2]`); empty when not answered.
    public var answer: String
    /// The sources the answer cites, by number.
    public var citations: [AskSource]
    /// Why there is no answer, when `answered` is false.
    public var reason: String?
    /// How many sources were retrieved and given to the model.
    public var sourcesGiven: Int
    public var provider: String
    public var model: String
}

extension Workspace {
    /// Questions longer than this are refused: a question, not a document.
    public static let maxQuestionCharacters = 2_000

    /// Answers `question` from the subject's documents and its kit's lessons: the passages that
    /// match it best (BM25, fused with meaning when an embedder is chosen) are numbered and given
    /// to the subject kind's question family (`scope: question`), whose answer must cite them
    /// (the `citations` gate: cited, and supported by what it cites). When nothing retrieved
    /// shares a word with the question, the model is not asked and the answer says so; the model
    /// may also say its sources do not answer it. When no attempt is supported, the answer is
    /// the sources' own best sentences (`ExtractiveAnswer`, `method: quotes`), or none. Nothing is
    /// stored but the embeddings cache.
    public func ask(subject title: String, question: String, providerName: String) async throws -> AskAnswer {
        let question = question.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !question.isEmpty else { throw WorkspaceError("the question is empty; ask it in words", cliHint: "e.g. primer ask \"\(title)\" \"What is transduction?\"") }
        guard question.count <= Self.maxQuestionCharacters else {
            throw WorkspaceError("the question is \(question.count) characters long; ask one of at most \(Self.maxQuestionCharacters)")
        }
        let store = try await readingStore()
        guard let subject = try await store.subject(titled: title) else { throw Self.noSubject(title) }
        return try await answer(question, about: subject, query: question, subtopic: nil, store: store, providerName: providerName)
    }

    /// The answer to `question` about `subject`, from the sources that match `query` best
    /// (lessons: only `subtopic`'s when given); see `ask`.
    func answer(
        _ question: String, about subject: StoredSubject, query: String, subtopic: String?, store: any Store, providerName: String
    ) async throws -> AskAnswer {
        let families = try families(forProvider: providerName)
        guard let family = families.questionFamily(for: subject.kind) else {
            throw WorkspaceError("the prompts folder has no question family for \(subject.kind.rawValue) subjects; add one with `scope: question` (the built-in Prompts/ask.yaml is one)")
        }
        let provider = try provider(named: providerName)
        let sources = try await askSources(
            subject: subject, query: query, subtopic: subtopic, store: store, budget: passageBudget(provider: providerName, families: families))
        var answer = AskAnswer(
            subject: subject.title, question: question, answered: false, method: "model", answer: "", citations: [], reason: nil, sourcesGiven: sources.count,
            provider: provider.name, model: provider.model)
        guard !sources.isEmpty else {
            answer.reason = "nothing in the documents or lessons of “\(subject.title)” matches the question"
            return answer
        }
        let facts = SubjectFacts(title: subject.title, notes: subject.notes, kind: subject.kind, instructions: subject.instructions)
        var values = ContextBuilder().values(subject: facts)
        values["question"] = question
        values["sources"] = AskSource.block(sources)
        values["refusal"] = Citations.refusal
        var purpose = RequestPurpose(family: family.name, shape: family.shape, subjectKind: subject.kind, subject: subject.title, subjectNotes: subject.notes)
        purpose.ask = AskPurpose(question: question, sources: sources)
        var gates = GateContext(subject: subject.title, subjectKind: subject.kind, notes: subject.notes, instructions: subject.instructions)
        gates.sources = sources.map(\.evidence)
        let outcome = try await Generator(provider: provider).run(family: family, kind: subject.kind, values: values, purpose: purpose, gateContext: gates)
        // A provider that never answered is a failure to report, not a reason to quote.
        if outcome.output == nil, outcome.fatal || outcome.record.attempts.allSatisfy({ $0.status == .error }) {
            let reason = outcome.record.error ?? outcome.record.attempts.last?.reasons.joined(separator: "; ") ?? "no answer"
            throw WorkspaceError(.unavailable, "\(provider.name) could not answer: \(reason)")
        }
        let text: String
        if case .lesson(let written)? = outcome.output {
            text = written
        } else {
            // No attempt was supported by its sources: quote them instead of inventing.
            text = ExtractiveAnswer.answer(question: query, sources: sources)
            answer.method = "quotes"
        }
        if Citations.isRefusal(text) {
            answer.reason = sources.count == 1 ? "the one passage found for it does not answer the question" : "the \(sources.count) passages found for it do not answer the question"
            return answer
        }
        answer.answered = true
        answer.answer = text
        answer.citations = Citations.cited(in: text).compactMap { number in sources.first { $0.number == number } }
        return answer
    }

    /// The numbered sources for `query`: the subject's documents and stored lessons (only
    /// `subtopic`'s, when given) split into passages, those that match it best first, within the
    /// provider's passage budget.
    func askSources(subject: StoredSubject, query: String, subtopic only: String?, store: any Store, budget: Int) async throws -> [AskSource] {
        var documents = try await store.documents(subjectID: subject.id).map {
            ExtractedDocument(name: $0.name, format: DocumentFormat(rawValue: $0.format) ?? .text, storedText: $0.text)
        }
        // Lessons go in as documents of their own, named so no file name can clash.
        var lessons: [String: (subtopic: String, topic: String)] = [:]
        if let kit = try await store.kit(subjectTitle: subject.title) {
            for topic in kit.topics {
                for subtopic in topic.subtopics where only == nil || subtopic.title == only {
                    guard let lesson = subtopic.lesson else { continue }
                    let name = "\u{1F}lesson \(lessons.count)"
                    lessons[name] = (subtopic.title, topic.title)
                    documents.append(ExtractedDocument(name: name, format: .markdown, text: lesson))
                }
            }
        }
        guard !documents.isEmpty else { return [] }
        let grounding: DocumentGrounding
        if let embedder = try embedder() {
            grounding = try await DocumentGrounding.hybrid(documents: documents, budget: budget, embedder: CachingEmbedder(base: embedder, cache: try await self.store()))
        } else {
            grounding = DocumentGrounding(documents: documents, budget: budget)
        }
        // Only a question that shares a word with some passage is answered: the passages close in
        // meaning alone are candidates, not evidence.
        guard !grounding.retriever.ranked(query: query).isEmpty else { return [] }
        var sources: [AskSource] = []
        var remaining = budget
        for passage in try await grounding.candidates(query: query) where sources.count < grounding.limit && passage.text.count <= remaining {
            remaining -= passage.text.count
            let number = sources.count + 1
            if let lesson = lessons[passage.documentName] {
                sources.append(AskSource(number: number, kind: .lesson, document: lesson.subtopic, section: lesson.topic, text: passage.text))
            } else {
                sources.append(AskSource(
                    number: number, kind: .document, document: passage.documentName, page: passage.pages?.lowerBound,
                    lastPage: passage.pages.flatMap { $0.count > 1 ? $0.upperBound : nil },
                    section: passage.headingPath.joined(separator: " › "), text: passage.text))
            }
        }
        return sources
    }
}
