import PrimerCore

extension SubjectFacts {
    /// The facts a run of a subject works from: the language a language subject names (in its
    /// title or notes), and the plan the documents' outline gives (`OutlinePlan`), condensed to
    /// at most `maxTopics` topics and the plan family's subtopics per topic; `outline` says how
    /// it was used (nil: no document has an outline).
    public static func forRun(
        title: String, notes: String, kind: SubjectKind, instructions: String, grounding: (any GroundingSource)?,
        planFamily: PromptFamily?, maxTopics: Int? = nil
    ) -> (facts: SubjectFacts, outline: OutlineUse?) {
        let outline = grounding?.outline ?? []
        let condensed = outline.isEmpty ? nil : OutlinePlan.condense(outline, planFamily: planFamily, maxTopics: maxTopics)
        let language = kind == .language ? (SubjectClassifier.classify(title: title, notes: notes).language ?? "") : ""
        let facts = SubjectFacts(
            title: title, notes: notes, kind: kind, language: language, instructions: instructions,
            outline: condensed?.topics ?? [])
        return (facts, condensed?.use)
    }
}
