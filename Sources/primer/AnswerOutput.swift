import PrimerApp

/// How an answer (`ask`, and the explanations of `study` and `quiz`) is printed: the text with
/// its citation markers, then each cited source; or why there is no answer.
enum AnswerOutput {
    static func lines(_ answer: AskAnswer) -> [String] {
        guard answer.answered else {
            return ["Cannot answer from “\(answer.subject)”: \(answer.reason ?? "its documents and lessons do not cover it").",
                    "Attach a document that does with: primer docs add \"\(answer.subject)\" FILE"]
        }
        var lines: [String] = []
        if answer.method == "quotes" {
            lines += ["\(answer.provider) gave no answer its sources support; the sentences of the sources closest to the question:", ""]
        }
        lines += answer.answer.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) + ["", "Sources:"]
        lines += answer.citations.map { "  [\($0.number)] \($0.label)" }
        return lines
    }
}
