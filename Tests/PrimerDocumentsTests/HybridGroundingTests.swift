import Foundation
import PrimerCore
import Testing

@testable import PrimerDocuments

/// Passages ranked by words and by meaning, fused by rank (`DocumentGrounding.hybrid`).
struct HybridGroundingTests {
    /// An embedder that knows one synonym: "feline" texts and "cat" texts point the same way;
    /// every other text points along a direction of its own (by its first word).
    struct SynonymEmbedder: Embedder {
        let name = "synonyms"
        let model = "synonyms-1"
        func embed(_ texts: [String]) async throws -> [[Float]] {
            texts.map { text in
                let lower = text.lowercased()
                var vector = [Float](repeating: 0, count: 8)
                if lower.contains("feline") || lower.contains("cat") {
                    vector[0] = 1
                } else {
                    vector[1 + Int(StableHash.fnv1a(String(lower.prefix(12))) % 7)] = 1
                }
                return vector
            }
        }
    }

    static let document = ExtractedDocument(name: "pets.md", format: .markdown, text: """
        # Dogs

        Dogs are loyal companions that need walks every day and enjoy fetching sticks.

        # Indoor Companions

        The domestic cat sleeps most of the day and hunts small rodents at dusk.

        # Fish

        Goldfish need clean water, a filter and a steady temperature in their tank.
        """)

    @Test func meaningFindsThePassageWordsMiss() async throws {
        let words = DocumentGrounding(documents: [Self.document])
        let both = try await DocumentGrounding.hybrid(documents: [Self.document], embedder: SynonymEmbedder())
        #expect(both.meanings?.vectors.count == words.retriever.passages.count)
        // "Feline habits" shares no word with the cat passage (nor its heading); BM25 finds the
        // dog passage by "walks", and meaning finds the cat.
        let query = "Feline habits and walks"
        let lexical = try await words.candidates(query: query).map(\.text)
        let fused = try await both.candidates(query: query).map(\.text)
        #expect(!lexical.contains { $0.contains("domestic cat") }, "\(lexical)")
        #expect(fused.contains { $0.contains("domestic cat") }, "\(fused)")
        #expect(lexical.first?.contains("Dogs are loyal") == true, "\(lexical)")
        #expect(Set(lexical).isSubset(of: Set(fused)), "fusion keeps what BM25 found")
        // Without an embedder the grounding is BM25's alone.
        #expect(words.meanings == nil)
    }

    @Test func rankFusionSumsReciprocalRanks() {
        // Item 2 is second in both lists: it beats items first in one list and absent from the other.
        #expect(RankFusion.reciprocal([[1, 2, 3], [4, 2, 5]]).first == 2)
        // Ties go to the smaller item, so the order is stable.
        #expect(RankFusion.reciprocal([[7], [3]]) == [3, 7])
        #expect(RankFusion.reciprocal([]) == [])
    }
}
