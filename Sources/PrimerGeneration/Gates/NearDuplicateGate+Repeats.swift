import Foundation
import PrimerCore

extension NearDuplicateGate {
    /// The positions of `items` (pairs and cloze notes) the gate would drop as repeats — of a
    /// `stored` item of the same shape, or of an earlier one of the list — at its default cut:
    /// the same rule for items a learner brings (`primer import`) as for generated ones.
    public static func repeats(of items: [ItemContent], stored: [ItemContent], embedder: any Embedder) async throws -> Set<Int> {
        let gate = NearDuplicateGate()
        var repeats = Set<Int>()
        for shape in [Shape.pair, .cloze] {
            let positions = items.indices.filter { items[$0].shape == shape }
            guard !positions.isEmpty else { continue }
            let output: GeneratedOutput = shape == .pair
                ? .pairs(positions.compactMap { if case .pair(let item) = items[$0] { item } else { nil } })
                : .clozes(positions.compactMap { if case .cloze(let item) = items[$0] { item } else { nil } })
            var context = GateContext(subject: "")
            context.storedItems = stored
            context.meanings = try await GateMeanings.make(for: output, context: context, chain: GateChain([gate]), embedder: embedder)
            let kept = gate.apply(output, context: context).output
            // The gate keeps the order of what it keeps: walk both lists to find what it dropped.
            let keptItems: [ItemContent] = switch kept {
            case .pairs(let pairs): pairs.map(ItemContent.pair)
            case .clozes(let clozes): clozes.map(ItemContent.cloze)
            default: []
            }
            var next = 0
            for position in positions {
                if next < keptItems.count, keptItems[next] == items[position] {
                    next += 1
                } else {
                    repeats.insert(position)
                }
            }
        }
        return repeats
    }
}
