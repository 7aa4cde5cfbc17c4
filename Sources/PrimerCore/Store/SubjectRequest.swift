import Foundation

/// A subject as the user gives it. Nil fields keep what is stored (or are classified).
public struct SubjectRequest: Sendable {
    public var title: String
    public var notes: String?
    public var kind: SubjectKind?
    public var instructions: String?
    public init(title: String, notes: String? = nil, kind: SubjectKind? = nil, instructions: String? = nil) {
        self.title = title
        self.notes = notes
        self.kind = kind
        self.instructions = instructions
    }
}
