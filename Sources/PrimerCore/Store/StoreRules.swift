import Foundation

/// Rules every store engine applies the same way, kept here once so the engines differ only in
/// how they read and write rows.
public enum StoreRules {
    /// What `saveContent` accepts: subtopic content (not a plan) from an ok generation.
    public static func checkContent(_ output: GeneratedOutput, _ generation: GenerationRecord) throws {
        if case .plan = output { throw StoreError.invalidWrite("a plan is stored with replacePlan, not saveContent") }
        guard generation.status == .ok else {
            throw StoreError.invalidWrite("saveContent needs an ok generation; record a failed one with recordFailure")
        }
    }

    /// A subtopic's sources: the citations of the newest ok generation of each family (the one
    /// whose content is shown), in generation order, each url once. `generations` are the
    /// subtopic's in id order.
    public static func sources(of generations: [StoredGeneration], citations: [Int64: [Citation]]) -> [Citation] {
        var newest: [String: Int64] = [:]
        for generation in generations where generation.status == .ok { newest[generation.family] = generation.id }
        var seen = Set<String>()
        var sources: [Citation] = []
        for generation in generations where newest[generation.family] == generation.id {
            for citation in citations[generation.id] ?? [] where seen.insert(citation.url).inserted { sources.append(citation) }
        }
        return sources
    }

    /// A provider's answer as the response cache keeps it (sorted keys: the same answer is the
    /// same text in every engine).
    public static func cacheJSON(_ response: CompletionResponse) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(response), as: UTF8.self)
    }
}
