import PrimerCore

/// The passages of a subject's documents as an embedder reads them, for ranking by meaning: one
/// vector a passage (its headings, then its text, as BM25 indexes them), made once when the
/// grounding is built (a `CachingEmbedder` makes a second run free).
public struct PassageMeanings: Sendable {
    public let embedder: any Embedder
    /// In the order of the passages given.
    public let vectors: [[Float]]

    public init(passages: [Passage], embedder: any Embedder) async throws {
        self.embedder = embedder
        vectors = try await embedder.embed(passages.map(Self.text))
    }

    /// What is embedded of a passage.
    public static func text(_ passage: Passage) -> String {
        (passage.headingPath + [passage.text]).joined(separator: "\n")
    }

    /// Passage indices, closest to `query` first.
    public func ranked(query: String) async throws -> [Int] {
        guard let target = try await embedder.embed([query]).first else { return [] }
        let similarity = vectors.map { Embeddings.cosine(target, $0) }
        return vectors.indices.sorted { (similarity[$0], $1) > (similarity[$1], $0) }
    }
}
