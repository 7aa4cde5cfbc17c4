/// Whether a generated title names a golden one (plan coverage).
///
/// Rule, on `EvalText.keywords` (normalised, stop words and generic course words out, lightly
/// stemmed), with keywords compared by `EvalText.keywordsMatch` (equal or long shared prefix):
/// 1. equal normalised titles match;
/// 2. otherwise, with G the golden keywords, X the generated keywords and m the number of golden
///    keywords X mentions: the titles match when G is not empty and either m = |G| (the
///    generated title contains all golden content words) or m / (|G| + |X| − m) ≥ 0.5 (Jaccard).
///
/// "Cells of the Nervous System" (G = {cell, nervous, system}) is matched by "Nervous system
/// cells" (m = 3 = |G|) and by "The nervous system" (X = {nervous, system}: m = 2,
/// Jaccard 2 / (3 + 2 − 2) = 0.67), not by "Neurons" (m = 0).
public enum TitleMatch {
    /// Jaccard threshold of rule 2.
    public static let jaccardThreshold = 0.5

    public static func matches(golden: String, generated: String) -> Bool {
        matches(golden: Prepared(golden), generated: Prepared(generated))
    }

    /// Keyword-level Jaccard of rule 2 (0 when the golden title has no keywords).
    public static func similarity(golden: String, generated: String) -> Double {
        similarity(golden: Prepared(golden), generated: Prepared(generated))
    }

    /// A title with its normalised form and keywords computed once.
    struct Prepared {
        let normalized: String
        let keywords: Set<String>
        init(_ title: String) {
            normalized = EvalText.normalize(title)
            keywords = EvalText.keywords(title)
        }
    }

    static func similarity(golden: Prepared, generated: Prepared) -> Double {
        guard !golden.keywords.isEmpty else { return 0 }
        let m = EvalText.mentionedCount(golden.keywords, by: generated.keywords)
        let union = golden.keywords.count + generated.keywords.count - m
        return union == 0 ? 0 : Double(m) / Double(union)
    }

    static func matches(golden: Prepared, generated: Prepared) -> Bool {
        if !golden.normalized.isEmpty, golden.normalized == generated.normalized { return true }
        guard !golden.keywords.isEmpty else { return false }
        let m = EvalText.mentionedCount(golden.keywords, by: generated.keywords)
        if m == golden.keywords.count { return true }
        return similarity(golden: golden, generated: generated) >= jaccardThreshold
    }
}
