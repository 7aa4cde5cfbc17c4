import Yams
import PrimerCore

/// `citations`: an answer to a learner's question (`primer ask`) must tie each claim to the
/// sources it was given: every claim (`Citations.claims`) cites a source (`[2]`), only the
/// numbers given (`GateContext.sources`), and the sources it cites contain at least 45 % of its
/// words (`Citations.support`): a claim its sources do not make is not cited, it is invented.
/// The refusal (`Citations.refusal`) alone is an answer too. Rejects the answer otherwise, so
/// the model tries again with the reasons.
struct CitationsGate: OptionlessGate {
    static let gateName = "citations"

    func apply(_ output: GeneratedOutput, context: GateContext) -> GateVerdict {
        guard case .lesson(let answer) = output, !Citations.isRefusal(answer) else { return GateVerdict(output: output) }
        var reasons: [String] = []
        let claims = Citations.claims(in: answer)
        if claims.isEmpty {
            reasons.append("the answer makes no claim; answer in sentences that each end with the number of their source, like [1], or write only \(Citations.refusal)")
        }
        let given = context.sources.indices.map { $0 + 1 }
        for claim in claims {
            let numbers = Citations.numbers(in: claim)
            if numbers.isEmpty {
                reasons.append("\(GateText.quote(claim)) cites no source; end it with the number of the source that says it, like [1]")
                continue
            }
            let cited = numbers.filter(given.contains).map { context.sources[$0 - 1] }
            guard !cited.isEmpty else { continue }  // reported below, with the numbers not given
            let support = Citations.support(of: claim, in: cited)
            if support < Citations.minimumSupport {
                reasons.append("\(GateText.quote(claim)) is not what \(numbers.map { "[\($0)]" }.joined(separator: ", ")) says (\(Int((support * 100).rounded())) % of its words are there); say only what the sources say, or that they do not answer the question")
            }
        }
        let unknown = Citations.cited(in: answer).filter { !given.contains($0) }
        if !unknown.isEmpty {
            let range = given.count == 1 ? "only source [1] was given" : "the sources are [1] to [\(given.count)]"
            reasons.append("the answer cites \(unknown.map { "[\($0)]" }.joined(separator: ", ")), but \(range)")
        }
        return GateVerdict(output: output, rejections: reasons)
    }
}
