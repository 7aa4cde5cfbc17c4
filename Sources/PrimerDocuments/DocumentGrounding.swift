import PrimerCore

/// The grounding of one subject: its documents split into passages and indexed once, so each
/// subtopic gets its most relevant passages within a size budget, and an attached syllabus
/// gives the plan its structure.
public struct DocumentGrounding: GroundingSource {
    public let retriever: PassageRetriever
    /// The passages' vectors, when an embedder ranks them by meaning too (`hybrid`).
    public private(set) var meanings: PassageMeanings?
    public let outline: [PlanTopic]?
    /// Characters of passages per subtopic.
    public let budget: Int
    /// Passages per subtopic at most.
    public let limit: Int

    /// Characters of passages per subtopic when the provider says nothing of its context.
    public static let defaultBudget = 3000

    /// Characters of passages per subtopic for a model whose context holds `contextTokens` tokens
    /// and whose families answer in at most `answerTokens`: what is left after the answer and
    /// 1,000 tokens of prompt, at 3 characters a token (cautious for English), and never more
    /// than `defaultBudget` (which the 4,096-token local server holds with room to spare).
    public static func budget(contextTokens: Int?, answerTokens: Int) -> Int {
        guard let contextTokens else { return defaultBudget }
        return min(defaultBudget, max(0, (contextTokens - answerTokens - 1_000) * 3))
    }

    public init(documents: [ExtractedDocument], budget: Int = defaultBudget, limit: Int = 6) {
        retriever = PassageRetriever(documents: documents)
        self.budget = budget
        self.limit = limit
        // Every document that reads as an outline (a syllabus, a textbook chapter) adds its
        // sections, in the order the documents were attached.
        let sections = documents.compactMap { DocumentOutline.detect($0) }.flatMap { $0 }
        outline = sections.isEmpty ? nil : sections.map { PlanTopic(title: $0.title, overview: $0.overview, subtopics: $0.items) }
        passageIndex = Dictionary(retriever.passages.enumerated().map { ($0.element, $0.offset) }) { first, _ in first }
    }

    /// The grounding with passages ranked by BM25 and by `embedder`'s meaning, fused by rank
    /// (`RankFusion`): on the golden chapters the fused ranking finds a section's passage first
    /// for 89.0 % of its objectives and terms, BM25 alone for 84.0 % (BENCHMARKS.md (j)). Every
    /// passage is embedded now; a `CachingEmbedder` makes that free the second time.
    public static func hybrid(
        documents: [ExtractedDocument], budget: Int = defaultBudget, limit: Int = 6, embedder: any Embedder
    ) async throws -> DocumentGrounding {
        var grounding = DocumentGrounding(documents: documents, budget: budget, limit: limit)
        grounding.meanings = try await PassageMeanings(passages: grounding.retriever.passages, embedder: embedder)
        return grounding
    }

    private let passageIndex: [Passage: Int]

    /// The passages that may serve `query`, best first: those BM25 scores within its relative
    /// cutoff and, with meanings, the `limit` closest in meaning, fused by rank.
    public func candidates(query: String) async throws -> [Passage] {
        let lexical = retriever.ranked(query: query)
        let best = lexical.first?.score ?? 0
        let kept = lexical.filter { $0.score >= best * retriever.minimumRelativeScore }.map(\.passage)
        guard let meanings else { return kept }
        let byMeaning = Array(try await meanings.ranked(query: query).prefix(limit))
        return RankFusion.reciprocal([kept.compactMap { passageIndex[$0] }, byMeaning]).map { retriever.passages[$0] }
    }

    /// By the outline first: the passages under a heading named like the subtopic (the part of
    /// a chapter a plan made from its outline names), in document order; then the best
    /// `candidates` for the subtopic, its topic and the subject, until the budget or the limit (a
    /// passage too long for what is left is passed over for the next one that fits).
    public func passages(subject: String, topic: String, subtopic: String) async throws -> [GroundingPassage] {
        let heading = Self.headingKey(subtopic)
        var chosen: [Passage] = []
        var remaining = budget
        for passage in retriever.passages where passage.headingPath.contains(where: { Self.headingKey($0) == heading }) {
            guard chosen.count < limit, passage.text.count <= remaining else { continue }
            chosen.append(passage)
            remaining -= passage.text.count
        }
        let query = PassageRetriever.query(subtopic: subtopic, topic: topic, subject: subject)
        for passage in try await candidates(query: query)
        where chosen.count < limit && !chosen.contains(passage) && passage.text.count <= remaining {
            chosen.append(passage)
            remaining -= passage.text.count
        }
        return chosen.map { passage in
            GroundingPassage(
                document: passage.documentName, page: passage.page, heading: passage.heading, text: passage.text,
                characters: passage.characters)
        }
    }

    /// A heading as the outline writes it (capitals in title case), compared without case.
    static func headingKey(_ title: String) -> String {
        DocumentOutline.headingTitle(title).lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

/// How a document is kept in the store: one text, pages separated by form feeds.
extension ExtractedDocument {
    static let pageSeparator = "\u{0C}"

    /// A document of one page (a photo, a one-page PDF) ends with the separator, so its page
    /// number comes back too.
    public var storedText: String {
        guard let pages else { return text }
        return pages.count == 1 ? pages[0] + Self.pageSeparator : pages.joined(separator: Self.pageSeparator)
    }

    public init(name: String, format: DocumentFormat, storedText: String) {
        if storedText.contains(Self.pageSeparator) {
            var pages = storedText.components(separatedBy: Self.pageSeparator)
            if pages.count == 2, pages[1].isEmpty { pages.removeLast() }
            self.init(name: name, format: format, text: pages.joined(separator: "\n\n"), pages: pages)
        } else {
            self.init(name: name, format: format, text: storedText)
        }
    }
}
