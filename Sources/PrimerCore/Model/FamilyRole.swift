/// What a family is for besides its content, so other families and front ends find it without
/// knowing its name.
public enum FamilyRole: String, Sendable, Codable, CaseIterable {
    /// The subtopic's lesson, which later families read as context (exactly one per subject kind).
    case lesson
    /// The subject's glossary: its fronts are the terms later subtopics must not define again
    /// (at most one per subject kind).
    case glossary
}
