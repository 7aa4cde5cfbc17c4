import PrimerCore

/// Term recall and definition overlap against golden key terms.
///
/// - A term's forms: its stem sequence (`EvalText.stems`: every normalised word stemmed, stop
///   words kept, so "basic science" stays two words); when it has a parenthesis, also the stems
///   without the parenthesised part and the stems of the parenthesised part alone
///   ("adenosine triphosphate (ATP)" → that, "adenosine triphosphate", "atp").
/// - A golden term is found when one of its forms equals one of a generated term's forms.
///   Each generated term is matched to at most one golden term (the first, in golden order).
/// - `term_recall` = golden terms found / golden terms.
/// - `definition_f1`, averaged over found terms: token F1 between the keyword sets
///   (`EvalText.keywords`, compared exactly) of the generated definition G and the golden one R:
///   P = |G∩R|/|G|, R = |G∩R|/|R|, F1 = 2PR/(P+R), 0 when either set is empty or they share none.
/// - `lesson_term_coverage` (`score(notes:golden:)`): golden terms whose stem sequence (any form)
///   occurs as a contiguous run in the notes' stems / golden terms.
public struct TermScorer: Sendable {
    public init() {}

    public struct Match: Sendable, Equatable {
        public var golden: PairItem
        public var generated: PairItem
        public var definitionF1: Double
    }

    public struct Result: Sendable, Equatable {
        public var goldenCount: Int
        public var generatedCount: Int
        public var matches: [Match]
        /// Golden terms not found, in golden order.
        public var missed: [String]

        public var recall: Double? { EvalText.ratio(matches.count, goldenCount) }
        public var definitionF1: Double? { EvalText.mean(matches.map(\.definitionF1)) }

        public var metrics: MetricValues {
            var m: MetricValues = [:]
            m["term_recall"] = recall
            m["definition_f1"] = definitionF1
            return m
        }
    }

    public func score(generated: [PairItem], golden: [PairItem]) -> Result {
        let generatedForms = generated.map { Self.forms($0.front) }
        var used = Set<Int>()
        var matches: [Match] = []
        var missed: [String] = []
        for g in golden {
            let forms = Self.forms(g.front)
            let hit = generatedForms.indices.first { i in
                !used.contains(i) && !generatedForms[i].isDisjoint(with: forms)
            }
            if let hit {
                used.insert(hit)
                matches.append(
                    Match(
                        golden: g, generated: generated[hit],
                        definitionF1: Self.tokenF1(generated[hit].back, g.back)))
            } else {
                missed.append(g.front)
            }
        }
        return Result(goldenCount: golden.count, generatedCount: generated.count, matches: matches, missed: missed)
    }

    /// `lesson_term_coverage`: golden terms mentioned in the notes / golden terms; nil without golden terms.
    public func coverage(lesson: String, golden: [PairItem]) -> Double? {
        guard !golden.isEmpty else { return nil }
        let text = EvalText.stems(lesson)
        let found = golden.filter { term in
            Self.forms(term.front).contains { form in Self.contains(text, run: form) }
        }
        return Double(found.count) / Double(golden.count)
    }

    /// The comparison forms of a term (see the type comment); empty forms are left out.
    public static func forms(_ term: String) -> Set<[String]> {
        var forms: Set<[String]> = [EvalText.stems(term)]
        if let open = term.firstIndex(of: "("), let close = term[open...].firstIndex(of: ")") {
            let outside = String(term[..<open]) + " " + String(term[term.index(after: close)...])
            let inside = String(term[term.index(after: open)..<close])
            forms.insert(EvalText.stems(outside))
            forms.insert(EvalText.stems(inside))
        }
        forms.remove([])
        return forms
    }

    /// Token F1 of the keyword sets of two texts (see the type comment).
    public static func tokenF1(_ generated: String, _ reference: String) -> Double {
        let g = EvalText.keywords(generated)
        let r = EvalText.keywords(reference)
        let common = g.intersection(r).count
        guard common > 0 else { return 0 }
        let precision = Double(common) / Double(g.count)
        let recall = Double(common) / Double(r.count)
        return 2 * precision * recall / (precision + recall)
    }

    static func contains(_ words: [String], run: [String]) -> Bool {
        guard !run.isEmpty, run.count <= words.count else { return false }
        return (0...(words.count - run.count)).contains { Array(words[$0..<($0 + run.count)]) == run }
    }
}
