import PrimerCore

/// The gates of one family, run in the order the YAML lists them. Each gate sees the output the
/// previous one kept; drops and rejections are concatenated in gate order. All gates run even
/// after a rejection, so a retry can tell the model everything that was wrong at once.
public struct GateChain: Sendable {
    public let gates: [any Gate]

    public init(_ gates: [any Gate]) {
        self.gates = gates
    }

    /// The gate names in order, e.g. for logging.
    public var names: [String] { gates.map(\.name) }

    public func apply(_ output: GeneratedOutput, context: GateContext) -> GateVerdict {
        // The gates share the answer's normalised texts (`NormalizedTexts`).
        NormalizedTexts.$current.withValue(NormalizedTexts()) {
            var verdict = GateVerdict(output: output)
            for gate in gates {
                let step = gate.apply(verdict.output, context: context)
                verdict.output = step.output
                verdict.dropped += step.dropped
                verdict.rejections += step.rejections
            }
            return verdict
        }
    }
}
