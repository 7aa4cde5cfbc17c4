import Foundation

/// A model that turns texts into vectors whose cosine says how close their meanings are
/// (sentence embeddings). Adapters live in PrimerProviders, like the chat providers': an
/// OpenAI-style `/embeddings` server (llama-server with a BERT model, Ollama, vLLM, OpenAI) or
/// the mock. Vectors come back L2-normalised, so a dot product is their cosine.
public protocol Embedder: Sendable {
    /// The manifest name the user chose (`minilm-local`, `mock-embeddings`…).
    var name: String { get }
    /// The model whose vectors these are; vectors of two models are never compared.
    var model: String { get }
    /// One vector per text, in the order given.
    func embed(_ texts: [String]) async throws -> [[Float]]
}

/// Arithmetic on embedding vectors.
public enum Embeddings {
    /// The cosine of two vectors (0 when either is all zeros or their lengths differ).
    public static func cosine(_ a: [Float], _ b: [Float]) -> Double {
        guard a.count == b.count, !a.isEmpty else { return 0 }
        var dot = 0.0, normA = 0.0, normB = 0.0
        for i in a.indices {
            dot += Double(a[i]) * Double(b[i])
            normA += Double(a[i]) * Double(a[i])
            normB += Double(b[i]) * Double(b[i])
        }
        guard normA > 0, normB > 0 else { return 0 }
        return dot / (normA.squareRoot() * normB.squareRoot())
    }

    /// `vector` scaled to length 1 (unchanged when it is all zeros).
    public static func normalised(_ vector: [Float]) -> [Float] {
        let norm = vector.reduce(0.0) { $0 + Double($1) * Double($1) }.squareRoot()
        guard norm > 0 else { return vector }
        return vector.map { Float(Double($0) / norm) }
    }
}
