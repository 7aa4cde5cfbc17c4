import Foundation

/// The normalised forms (`GateText.normalize`) of the texts one gate chain has seen, so that each
/// piece of an answer is normalised once however many gates compare it (dedupe, echo, scope,
/// placeholders and quiz-shape all read the same fronts, backs and choices). `GateChain.apply`
/// binds one for the length of a chain; outside a chain nothing is kept. One chain runs on one
/// task, synchronously, so the dictionary needs no lock.
package final class NormalizedTexts: @unchecked Sendable {
    @TaskLocal package static var current: NormalizedTexts?

    package init() {}

    private struct Key: Hashable {
        var text: String
        var dropArticles: Bool
    }

    private var known: [Key: String] = [:]

    package func normalized(_ text: String, dropArticles: Bool, _ normalize: () -> String) -> String {
        let key = Key(text: text, dropArticles: dropArticles)
        if let done = known[key] { return done }
        let value = normalize()
        known[key] = value
        return value
    }
}
