import PrimerCore
import PrimerGeneration

/// The eval's meaning metrics, with an embedder (`primer eval --embedder`), per item family:
/// - `off_topic_rate`: the share of items whose meaning is far from every golden reference of
///   the case's section (its objectives, "term\ndefinition", "stem\nanswer"): closest cosine
///   below `offTopicCut`. A rule of its own, not the `relevance` gate's (which compares with the
///   subtopic's title), so it measures what the gate leaves. Cut by Youden's J on the golden dev
///   chapters (`primer-bench reference-cuts`: 96.0 % of golden items kept, 97.4 % of another
///   book's caught; held out 97.8 % and 96.5 %).
/// - `near_duplicate_rate`: the share of items that have another item of the case of the same
///   shape, in any family, at the `near-duplicate` gate's cut or above: within a family it is
///   what the gate would have dropped, across families (flashcards and terms are both cards)
///   what it cannot see in an eval, which has no store.
/// A family that failed scores 1 on both, as on every rate.
public struct MeaningScorer: Sendable {
    public let embedder: any Embedder
    public static let offTopicCut = 0.33

    public init(embedder: any Embedder) { self.embedder = embedder }

    public func score(_ evalCase: EvalCase, outputs: CaseOutputs) async throws -> [String: MetricValues] {
        guard let golden = evalCase.subtopic else { return [:] }
        let references = golden.objectives + golden.terms.map { "\($0.front)\n\($0.back)" }
            + golden.mcq.compactMap { $0.choices.indices.contains($0.answer) ? "\($0.stem)\n\($0.choices[$0.answer])" : nil }
        var items: [(family: String, shape: Shape, text: String)] = []
        var families: [String] = []
        for family in outputs.families where family.kind != .plan && family.kind != .lesson {
            families.append(family.family)
            guard let output = family.output else { continue }
            items += ItemContent.items(of: output).compactMap { item in item.aboutText.map { (family.family, item.shape, $0) } }
        }
        guard !families.isEmpty else { return [:] }
        let texts = Array(Set(items.map(\.text) + references))
        let vectors = Dictionary(uniqueKeysWithValues: zip(texts, try await embedder.embed(texts).map(Embeddings.normalised)))
        func similarity(_ a: String, _ b: String) -> Double { Embeddings.cosine(vectors[a]!, vectors[b]!) }
        var scores: [String: MetricValues] = [:]
        for family in families {
            let own = items.indices.filter { items[$0].family == family }
            guard !own.isEmpty else {
                scores[family] = ["off_topic_rate": 1, "near_duplicate_rate": 1]
                continue
            }
            let offTopic = own.filter { i in (references.map { similarity(items[i].text, $0) }.max() ?? -1) < Self.offTopicCut }
            let repeated = own.filter { i in
                items.indices.contains { j in
                    j != i && items[j].shape == items[i].shape && similarity(items[i].text, items[j].text) >= NearDuplicateGate.defaultMaximum
                }
            }
            scores[family] = [
                "off_topic_rate": Double(offTopic.count) / Double(own.count),
                "near_duplicate_rate": Double(repeated.count) / Double(own.count),
            ]
        }
        return scores
    }
}
