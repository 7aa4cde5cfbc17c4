extension SubjectFacts {
    /// The facts a run of a subject works from: the language a language subject names (in its
    /// title or notes), and the outline of an attached syllabus when the plan family can follow
    /// it (`outlineProblem` says why not, when not).
    public static func forRun(
        title: String, notes: String, kind: SubjectKind, instructions: String, grounding: (any GroundingSource)?,
        planFamily: PromptFamily?
    ) -> (facts: SubjectFacts, outlineProblem: String?) {
        let outline = grounding?.outline ?? []
        let outlineProblem = planFamily.flatMap { OutlineFit.problem(outline, planFamily: $0) }
        let language = kind == .language ? (SubjectClassifier.classify(title: title, notes: notes).language ?? "") : ""
        let facts = SubjectFacts(
            title: title, notes: notes, kind: kind, language: language, instructions: instructions,
            outline: outlineProblem == nil ? outline : [])
        return (facts, outlineProblem)
    }
}
