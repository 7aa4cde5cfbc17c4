import Foundation

/// A passage with its relevance to a query.
public struct ScoredPassage: Sendable, Equatable {
    public var passage: Passage
    public var score: Double

    public init(passage: Passage, score: Double) {
        self.passage = passage
        self.score = score
    }
}

/// BM25 (k1 1.2, b 0.75) over the passages of one subject's documents, built once and
/// queried for every subtopic. A passage's heading path is indexed with its text, repeated
/// `headingWeight` times, so a section titled like the query counts as strong evidence.
public struct PassageRetriever: Sendable {
    public let passages: [Passage]
    public let k1: Double
    public let b: Double
    /// Passages scoring below this fraction of the best score are left out: a query that
    /// shares only the subject's name with a passage should not pull it in.
    public let minimumRelativeScore: Double

    private let termFrequencies: [[String: Int]]
    private let lengths: [Double]
    private let averageLength: Double
    private let documentFrequency: [String: Int]
    /// Tie-breaking: documents in the order their passages were given, then ordinal.
    private let documentRank: [Int]

    public init(passages: [Passage], k1: Double = 1.2, b: Double = 0.75, headingWeight: Int = 2,
                minimumRelativeScore: Double = 0.2) {
        self.passages = passages
        self.k1 = k1
        self.b = b
        self.minimumRelativeScore = minimumRelativeScore
        var frequencies: [[String: Int]] = []
        var lengths: [Double] = []
        var df: [String: Int] = [:]
        var documentOrder: [String: Int] = [:]
        var ranks: [Int] = []
        for passage in passages {
            var tokens = Tokenizer.tokens(passage.text)
            let headingTokens = Tokenizer.tokens(passage.headingPath.joined(separator: " "))
            for _ in 0..<max(0, headingWeight) { tokens += headingTokens }
            var counts: [String: Int] = [:]
            for token in tokens { counts[token, default: 0] += 1 }
            for term in counts.keys { df[term, default: 0] += 1 }
            frequencies.append(counts)
            lengths.append(Double(tokens.count))
            let key = passage.documentHash + "\u{0}" + passage.documentName
            if documentOrder[key] == nil { documentOrder[key] = documentOrder.count }
            ranks.append(documentOrder[key]!)
        }
        self.termFrequencies = frequencies
        self.lengths = lengths
        self.averageLength = lengths.isEmpty ? 0 : lengths.reduce(0, +) / Double(lengths.count)
        self.documentFrequency = df
        self.documentRank = ranks
    }

    /// Splits every document and indexes all the passages.
    public init(documents: [ExtractedDocument], maxCharacters: Int = 1200) {
        self.init(passages: documents.flatMap { PassageSplitter.split($0, maxCharacters: maxCharacters) })
    }

    /// Every passage that shares a word with the query, best first; ties by document, then ordinal.
    /// A word repeated in the query counts that many times.
    public func ranked(query: String) -> [ScoredPassage] {
        var queryCounts: [String: Int] = [:]
        for token in Tokenizer.tokens(query) { queryCounts[token, default: 0] += 1 }
        let terms = queryCounts.keys.sorted()
        guard !terms.isEmpty, !passages.isEmpty else { return [] }
        let n = Double(passages.count)
        let idf: [String: Double] = Dictionary(uniqueKeysWithValues: terms.map { term in
            let df = Double(documentFrequency[term] ?? 0)
            return (term, log(1 + (n - df + 0.5) / (df + 0.5)))
        })
        var scored: [(index: Int, score: Double)] = []
        for (index, counts) in termFrequencies.enumerated() {
            var score = 0.0
            let norm = k1 * (1 - b + b * (averageLength > 0 ? lengths[index] / averageLength : 0))
            for term in terms {
                guard let tf = counts[term] else { continue }
                let f = Double(tf)
                score += Double(queryCounts[term]!) * idf[term]! * f * (k1 + 1) / (f + norm)
            }
            if score > 0 { scored.append((index, score)) }
        }
        scored.sort { lhs, rhs in
            if lhs.score != rhs.score { return lhs.score > rhs.score }
            if documentRank[lhs.index] != documentRank[rhs.index] { return documentRank[lhs.index] < documentRank[rhs.index] }
            if passages[lhs.index].ordinal != passages[rhs.index].ordinal {
                return passages[lhs.index].ordinal < passages[rhs.index].ordinal
            }
            return lhs.index < rhs.index
        }
        return scored.map { ScoredPassage(passage: passages[$0.index], score: $0.score) }
    }

    /// The best passages whose texts fit together in `budgetCharacters` (a passage costs its
    /// text's length), at most `limit` of them, best first. A passage too long for what is
    /// left of the budget is passed over for the next one that fits.
    public func top(query: String, budgetCharacters: Int, limit: Int) -> [ScoredPassage] {
        let ranked = ranked(query: query)
        guard let best = ranked.first?.score, limit > 0, budgetCharacters > 0 else { return [] }
        var remaining = budgetCharacters
        var chosen: [ScoredPassage] = []
        for candidate in ranked {
            if chosen.count >= limit || remaining <= 0 { break }
            guard candidate.score >= best * minimumRelativeScore else { break }
            let cost = candidate.passage.text.count
            guard cost <= remaining else { continue }
            chosen.append(candidate)
            remaining -= cost
        }
        return chosen
    }

    /// The query for a subtopic: the subtopic twice (it is the most specific part), then the
    /// topic and the subject (empty parts left out).
    public static func query(subtopic: String, topic: String, subject: String? = nil) -> String {
        [subtopic, subtopic, topic, subject ?? ""].filter { !$0.isEmpty }.joined(separator: " ")
    }
}
