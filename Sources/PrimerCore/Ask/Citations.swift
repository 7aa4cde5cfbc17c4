/// Citation markers in an answer: `[2]`, `[1, 3]`. A claim is a line of the answer (a paragraph
/// or a list item) of four words or more; headings are not claims.
public enum Citations {
    /// What a question family writes, alone, when its sources do not answer the question.
    public static let refusal = "NOT IN THE SOURCES"

    /// Whether `answer` is the refusal (as a small model writes it: any case, punctuation).
    public static func isRefusal(_ answer: String) -> Bool {
        let letters = answer.uppercased().filter { $0.isLetter || $0 == " " }
        return letters.split(separator: " ").joined(separator: " ") == refusal
    }

    /// The source numbers `line` cites, in order.
    public static func numbers(in line: String) -> [Int] {
        var numbers: [Int] = []
        var rest = Substring(line)
        while let open = rest.firstIndex(of: "["), let close = rest[open...].firstIndex(of: "]") {
            let inside = rest[rest.index(after: open)..<close]
            let parts = inside.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            if !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) {
                numbers += parts.compactMap { Int($0) }
            }
            rest = rest[rest.index(after: close)...]
        }
        return numbers
    }

    /// The claims of `answer`: its lines of four words or more that are not headings.
    public static func claims(in answer: String) -> [String] {
        answer.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.hasPrefix("#") && $0.split(separator: " ").count >= 4 }
    }

    /// The share of a claim's words (`words`) that its cited sources contain. `primer-bench
    /// support-cuts`: golden glossary definitions and review answers as claims, each against the
    /// passage of its own chapter BM25 ranks first (what `ask` numbers [1]) and against another
    /// book's: at 0.45 (Youden's J on the dev chapters) 95.9 % of claims reach it with their own
    /// passage and 99.2 % do not with another book's (held out: 96.2 % and 98.4 %).
    public static func support(of claim: String, in sources: [String]) -> Double {
        support(of: claim, available: sources.reduce(into: Set<String>()) { $0.formUnion(words($1)) })
    }

    /// As `support(of:in:)`, against the sources' words read once (`ItemSupport.Evidence`).
    public static func support(of claim: String, available: Set<String>) -> Double {
        // A citation ("[2]", "[1, 3]") is no word of the claim; most claims have none, and a
        // regex pass on each was a twentieth of Primer's own CPU a generation call.
        let claimed = words(claim.contains(exactly: "[") ? claim.replacing(/\[[0-9, ]+\]/, with: " ") : claim)
        guard !claimed.isEmpty else { return 1 }
        return Double(claimed.sharedCount(with: available)) / Double(claimed.count)
    }

    /// The least `support` a claim needs.
    public static let minimumSupport = 0.45

    /// A text's words as `support` compares them: the gates' stemmed content words
    /// (`GateText.keywords`: no stop words or course words, plurals and -ing/-ed/-ion folded).
    public static func words(_ text: String) -> Set<String> {
        GateText.keywords(text)
    }

    /// Every source number `answer` cites, once each, in the order first cited.
    public static func cited(in answer: String) -> [Int] {
        var seen = Set<Int>()
        return answer.split(separator: "\n").flatMap { numbers(in: String($0)) }.filter { seen.insert($0).inserted }
    }
}
