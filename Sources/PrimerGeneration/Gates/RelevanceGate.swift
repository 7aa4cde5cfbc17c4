import Yams
import PrimerCore

/// `relevance`: drops items whose meaning is far from their subtopic — a question on computer
/// parts in "Matrix Operations" — which word-based gates let through. An item's similarity is
/// the cosine of its text (`GateItem.aboutText`) to "Topic: Subtopic" by the run's embedder
/// (`--embedder`); an item below `min_similarity` is dropped. Without an embedder the gate has
/// nothing to read and keeps every item.
///
/// ```yaml
/// gates:
///   - relevance                        # min_similarity 0.18
///   - relevance: {min_similarity: 0.25}
/// ```
///
/// Rule and cut were chosen on the golden textbooks (`primer-bench meaning-cuts`,
/// `Evaluations/meaning/README.md`): glossary terms and review questions against "Chapter: Section" of their own section and
/// of another book's, all-MiniLM-L6-v2. Youden's J on the dev chapters puts the cut at 0.18 (93 %
/// of golden items kept, 96 % of off-topic ones dropped; 91 % and 98 % on the held-out chapters).
/// Adding the section's text (standing for the lesson) did not separate better (J 0.92 with or
/// without it), and a small model's lesson can drift itself, so the lesson is not read.
/// Siblings are not compared: 44 % of golden items are closer to a sibling section than to their
/// own, so titles are too short to tell siblings apart (the `scope` gate does that by keywords).
struct RelevanceGate: Gate {
    static let gateName = "relevance"
    static let defaultMinimum = 0.18
    var name: String { Self.gateName }
    let minimum: Double

    init(minimum: Double = RelevanceGate.defaultMinimum) {
        self.minimum = minimum
    }

    init(options: Node?) throws {
        var reader = try GateOptions(gate: Self.gateName, node: options)
        var minimum = Self.defaultMinimum
        if let text = try reader.string("min_similarity") {
            guard let number = Double(text), number >= -1, number <= 1 else {
                throw GateConfigError(gate: Self.gateName, option: "min_similarity", problem: "must be a number from -1 to 1, got '\(text)'")
            }
            minimum = number
        }
        try reader.finish()
        self.init(minimum: minimum)
    }

    func apply(_ output: GeneratedOutput, context: GateContext) -> GateVerdict {
        guard let meanings = context.meanings else { return GateVerdict(output: output) }
        let subtopic = GateMeanings.subtopicText(context)
        return output.droppingItems(context) { item in
            guard let similarity = meanings.similarity(item.aboutText, subtopic), similarity < minimum else { return nil }
            return "dropped \(item.noun) \(GateText.quote(item.primaryText)): not about “\(context.subtopic)” (similarity \(String(format: "%.2f", similarity)); at least \(String(format: "%.2f", minimum)) is needed)"
        }
    }
}
