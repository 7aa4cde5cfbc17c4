import PrimerCore

/// The variables a template may name. Lint checks templates against these lists when a family
/// loads, so a misspelt variable is an error with file and line, never an empty string later.
public enum PromptVariables {
    /// Provided to every template.
    public static let subject: Set<String> = [
        "subject", "subject_notes", "kind", "language", "instructions", "context", "outline",
    ]
    /// Provided to templates of subtopic families, on top of `subject`. `lesson` is the
    /// subtopic's lesson (`notes` is its earlier name, still provided).
    public static let subtopic: Set<String> = [
        "topic", "topic_overview", "subtopic", "siblings", "lesson", "notes", "terms", "passages",
        "key_sentences",
    ]
    /// Provided to templates of question families (`primer ask`), on top of `subject`: the
    /// question, its numbered sources, and the exact words that say the sources do not answer it.
    public static let question: Set<String> = ["question", "sources", "refusal"]
    /// Provided to the reminder template only, on top of the others.
    public static let reminder: Set<String> = ["reasons", "attempt", "previous_answer"]
    /// Provided to the rewrite template only: the items to write again (each with `item`,
    /// `lapses`, `reviews`) and how many they are.
    public static let rewrite: Set<String> = ["rewrites", "count"]

    /// The fields of each record of a list variable, named inside its section.
    public static let recordFields: [String: Set<String>] = ["rewrites": ["item", "lapses", "reviews"]]

    /// The variables template `key` (system, user, reminder, rewrite) of a family may name.
    public static func available(for scope: FamilyScope, template key: String) -> Set<String> {
        var names = subject
        if scope == .subtopic { names.formUnion(subtopic) }
        if scope == .question { names.formUnion(question) }
        if key == "reminder" { names.formUnion(reminder) }
        if key == "rewrite" { names.formUnion(rewrite) }
        return names
    }
}
