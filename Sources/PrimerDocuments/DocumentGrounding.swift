import PrimerCore

/// The grounding of one subject: its documents split into passages and indexed once, so each
/// subtopic gets its most relevant passages within a size budget, and an attached syllabus
/// gives the plan its structure.
public struct DocumentGrounding: GroundingSource {
    public let retriever: PassageRetriever
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
    }

    /// By the outline first: the passages under a heading named like the subtopic (the part of
    /// a chapter a plan made from its outline names), in document order; then the passages BM25
    /// ranks best for the subtopic, its topic and the subject, until the budget or the limit.
    public func passages(subject: String, topic: String, subtopic: String) -> [GroundingPassage] {
        let heading = Self.headingKey(subtopic)
        var chosen: [Passage] = []
        var remaining = budget
        for passage in retriever.passages where passage.headingPath.contains(where: { Self.headingKey($0) == heading }) {
            guard chosen.count < limit, passage.text.count <= remaining else { continue }
            chosen.append(passage)
            remaining -= passage.text.count
        }
        let query = PassageRetriever.query(subtopic: subtopic, topic: topic, subject: subject)
        for scored in retriever.top(query: query, budgetCharacters: budget, limit: limit + chosen.count)
        where chosen.count < limit && !chosen.contains(scored.passage) && scored.passage.text.count <= remaining {
            chosen.append(scored.passage)
            remaining -= scored.passage.text.count
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

    public var storedText: String {
        pages.map { $0.joined(separator: Self.pageSeparator) } ?? text
    }

    public init(name: String, format: DocumentFormat, storedText: String) {
        if storedText.contains(Self.pageSeparator) {
            let pages = storedText.components(separatedBy: Self.pageSeparator)
            self.init(name: name, format: format, text: pages.joined(separator: "\n\n"), pages: pages)
        } else {
            self.init(name: name, format: format, text: storedText)
        }
    }
}
