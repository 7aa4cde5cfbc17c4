/// The kind of subject decides which families run (a grammar lesson instead of notes) and how
/// flashcards are written (word | translation for language subjects).
public enum SubjectKind: String, Sendable, Codable, CaseIterable {
    case general
    case language
}
