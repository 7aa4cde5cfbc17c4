/// The variables a template may name. Lint checks templates against these lists when a family
/// loads, so a misspelt variable is an error with file and line, never an empty string later.
public enum PromptVariables {
    /// Provided to every template.
    public static let subject: Set<String> = [
        "subject", "subject_notes", "kind", "language", "instructions", "context", "outline",
    ]
    /// Provided to templates of subtopic families, on top of `subject`.
    public static let subtopic: Set<String> = [
        "topic", "topic_overview", "subtopic", "siblings", "notes", "terms",
    ]
    /// Provided to the reminder template only, on top of the others.
    public static let reminder: Set<String> = ["reasons", "attempt", "previous_answer"]

    public static func available(for scope: FamilyScope, reminder isReminder: Bool) -> Set<String> {
        var names = subject
        if scope == .subtopic { names.formUnion(subtopic) }
        if isReminder { names.formUnion(reminder) }
        return names
    }
}
