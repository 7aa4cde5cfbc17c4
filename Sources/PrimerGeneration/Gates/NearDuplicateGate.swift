import Yams
import PrimerCore

/// `near-duplicate`: drops an item whose meaning repeats an earlier item of the answer or an
/// item the subject already stores (every subtopic and family of the same shape — cards against
/// cards and terms, questions against questions — learner-owned items included), which the
/// word-based `dedupe` misses when the wording differs. Two items are near-duplicates when the
/// cosine of their texts (`GateItem.aboutText`) by the run's embedder reaches `max_similarity`.
/// Without an embedder the gate has nothing to read and keeps every item.
///
/// ```yaml
/// gates:
///   - near-duplicate                          # max_similarity 0.93
///   - near-duplicate: {max_similarity: 0.9}
/// ```
///
/// The cut was chosen on the golden textbooks (`primer-bench duplicate-cuts`,
/// `Evaluations/meaning/README.md`): the lowest at which at most 1 % of golden items (dev
/// chapters) would be dropped as a repeat of a different item of their chapter. It is high
/// because all-MiniLM-L6-v2 puts contrasting pairs a learner must tell apart ("Lewis acid" and
/// "Lewis base", "actin" and "myosin": 0.88–0.97) as close as one fact reworded; at this cut the
/// gate catches close rewordings, not a term restated as a question.
public struct NearDuplicateGate: Gate {
    static let gateName = "near-duplicate"
    public static let defaultMaximum = 0.93
    public var name: String { Self.gateName }
    let maximum: Double

    init(maximum: Double = NearDuplicateGate.defaultMaximum) {
        self.maximum = maximum
    }

    init(options: Node?) throws {
        var reader = try GateOptions(gate: Self.gateName, node: options)
        var maximum = Self.defaultMaximum
        if let text = try reader.string("max_similarity") {
            guard let number = Double(text), number > 0, number <= 1 else {
                throw GateConfigError(gate: Self.gateName, option: "max_similarity", problem: "must be a number above 0 and at most 1, got '\(text)'")
            }
            maximum = number
        }
        try reader.finish()
        self.init(maximum: maximum)
    }

    public func apply(_ output: GeneratedOutput, context: GateContext) -> GateVerdict {
        guard let meanings = context.meanings else { return GateVerdict(output: output) }
        let stored = context.storedItems.filter { $0.shape == output.shape }.compactMap { GateItem($0, labels: .defaults(for: output.shape)) }
        var earlier = stored.map { (text: $0.aboutText, quoted: $0.primaryText, stored: true) }
        return output.droppingItems(context) { item in
            let text = item.aboutText
            let closest = earlier.compactMap { other in meanings.similarity(text, other.text).map { (other, $0) } }.max { $0.1 < $1.1 }
            if let (other, similarity) = closest, similarity >= maximum {
                let whose = other.stored ? "a stored item" : "an earlier \(item.noun)"
                return "dropped \(item.noun) \(GateText.quote(item.primaryText)): repeats \(whose), \(GateText.quote(other.quoted)) (similarity \(String(format: "%.2f", similarity)); below \(String(format: "%.2f", maximum)) is needed)"
            }
            earlier.append((text, item.primaryText, false))
            return nil
        }
    }
}
