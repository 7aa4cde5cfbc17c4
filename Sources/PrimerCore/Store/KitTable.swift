/// The tables of a store's kits and learners, parents first (the rows of subjects and what hangs
/// under them), as both engines name them: one list for `counts()`, the SQLite schema and the
/// PostgreSQL schema.
public enum KitTable: String, CaseIterable, Sendable, Codable {
    case subjects, documents, topics, subtopics, generations, attempts, citations
    case items
    case memoryStates = "memory_states", reviewLog = "review_log", knownItems = "known_items"
    case quizAttempts = "quiz_attempts", quizAnswers = "quiz_answers", itemRewrites = "item_rewrites"
    case fittedParameters = "fitted_parameters", itemRevisions = "item_revisions"
}
