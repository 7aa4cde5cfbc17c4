import Foundation
import PrimerCore

/// The vectors the gates that read meaning compare: each item's text (`GateItem.aboutText`), the
/// subtopic's (`relevance`) and the stored items' of the answer's shape (`near-duplicate`), made
/// by the run's embedder before the gate chain runs (the chain itself is synchronous). Absent
/// when the run has no embedder.
public struct GateMeanings: Sendable, Equatable {
    public var vectors: [String: [Float]]

    public init(vectors: [String: [Float]]) { self.vectors = vectors }

    /// The cosine of two texts' vectors; nil when either was not embedded.
    func similarity(_ a: String, _ b: String) -> Double? {
        guard let x = vectors[a], let y = vectors[b] else { return nil }
        return Embeddings.cosine(x, y)
    }

    /// What a subtopic's items are compared with: "Topic: Subtopic".
    static func subtopicText(_ context: GateContext) -> String {
        context.topic.isEmpty ? context.subtopic : "\(context.topic): \(context.subtopic)"
    }

    /// Embeds what the gates of `chain` will compare in `output` (nil when none reads meaning).
    static func make(for output: GeneratedOutput, context: GateContext, chain: GateChain, embedder: any Embedder) async throws -> GateMeanings? {
        let relevance = chain.gates.contains { $0 is RelevanceGate }, repeats = chain.gates.contains { $0 is NearDuplicateGate }
        guard relevance || repeats else { return nil }
        let labels = context.labels ?? .defaults(for: output.shape)
        let items = output.gateItems(labels).map(\.aboutText)
        guard !items.isEmpty else { return nil }
        let stored = repeats
            ? context.storedItems.filter { $0.shape == output.shape }.compactMap { GateItem($0, labels: labels)?.aboutText } : []
        let texts = Array(Set(items + stored + (relevance ? [subtopicText(context)] : [])))
        let vectors = try await embedder.embed(texts)
        return GateMeanings(vectors: Dictionary(uniqueKeysWithValues: zip(texts, vectors)))
    }
}
