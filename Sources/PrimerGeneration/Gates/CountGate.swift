import Yams
import PrimerCore

/// `count`: bounds on the number of items left after the gates before it (answer-level: out of
/// bounds rejects the answer, and the reason tells the model how many to write).
///
/// ```yaml
/// - count: {min: 3, max: 40}
/// ```
/// Applies to flashcards, quiz questions and terms; plans use plan-bounds. A bare `count` means
/// `min: 1`.
struct CountGate: Gate {
    static let gateName = "count"
    var name: String { Self.gateName }

    var bounds: GateBounds

    init(bounds: GateBounds) {
        self.bounds = bounds
    }

    init(options: Node?) throws {
        var reader = try GateOptions(gate: Self.gateName, node: options)
        var bounds = try reader.bounds()
        try reader.finish()
        if bounds.min == nil && bounds.max == nil { bounds.min = 1 }
        self.init(bounds: bounds)
    }

    func apply(_ output: GeneratedOutput, context: GateContext) -> GateVerdict {
        guard output.shape.isItemList else { return GateVerdict(output: output) }
        let noun = (context.labels ?? .defaults(for: output.shape)).noun
        let n = output.itemCount
        var rejections: [String] = []
        if let min = bounds.min, n < min {
            let left = n == 0 ? "no \(noun)s left" : "only \(GateText.count(n, noun)) left"
            rejections.append("\(left) after gates; write at least \(min)")
        }
        if let max = bounds.max, n > max {
            rejections.append("\(GateText.count(n, noun)) is too many; write at most \(max)")
        }
        return GateVerdict(output: output, rejections: rejections)
    }
}
