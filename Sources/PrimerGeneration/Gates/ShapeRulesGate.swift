import Foundation
import Yams
import PrimerCore

/// `shape-rules`: drops the items of a registered shape that break the shape's own rules
/// (`ContentShape.problem(with:)`: a matching exercise of 4–8 distinct pairs, an ordering of 3–7
/// distinct steps, the fields' length limits). Items of the built-in shapes pass; their rules
/// are `quiz-shape`, `length` and the parsers'.
///
/// ```yaml
/// - shape-rules
/// ```
struct ShapeRulesGate: OptionlessGate {
    static let gateName = "shape-rules"

    func apply(_ output: GeneratedOutput, context: GateContext) -> GateVerdict {
        output.droppingItems(context) { item in
            guard case .shaped(let shaped, _) = item else { return nil }
            guard let definition = shaped.definition else { return "dropped \(item.noun): no shape named '\(shaped.shape)' is registered" }
            return definition.problem(with: shaped).map { "dropped \(item.noun) \(GateText.quote(item.primaryText)): \($0)" }
        }
    }
}
