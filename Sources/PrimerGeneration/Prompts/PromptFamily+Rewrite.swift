import Foundation
import PrimerCore

extension PromptFamily {
    /// Whether the family declares a `rewrite:` template for subjects of `kind`.
    public func canRewrite(kind: SubjectKind) -> Bool { templates(for: kind).rewrite != nil }

    /// This family asked to write `count` items again, one for each item a learner keeps
    /// forgetting: the user message ends with its `rewrite:` template, the answer must hold
    /// exactly `count` items (its other gates still apply), and the JSON schema, if any, asks for
    /// exactly `count` items too. Nil when the family cannot rewrite.
    public func rewriting(count: Int, kind: SubjectKind) -> PromptFamily? {
        guard canRewrite(kind: kind), count > 0 else { return nil }
        var copy = self
        copy.rewriteCount = count
        copy.gates = GateChain(
            gates.gates.filter { $0.name != CountGate.gateName } + [CountGate(bounds: GateBounds(min: count, max: count))])
        copy.jsonSchema = rewriteSchema?.replacingOccurrences(of: "\"\(Self.rewriteCountMarker)\"", with: "\(count)")
        return copy
    }

    /// Stands for the item count in `rewriteSchema`.
    static let rewriteCountMarker = "primer-rewrite-count"
}
