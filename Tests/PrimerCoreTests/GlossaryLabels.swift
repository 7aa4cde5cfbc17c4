@testable import PrimerCore
@testable import PrimerGeneration

extension ItemLabels {
    /// How the shipped terms family names its items (`Prompts/terms.yaml`).
    static let glossary = ItemLabels(noun: "term", title: "Terms", fields: ["front": "term", "back": "definition"])
}

extension GateContext {
    /// This context for a glossary family's items.
    var forTerms: GateContext {
        var context = self
        context.labels = .glossary
        return context
    }
}
