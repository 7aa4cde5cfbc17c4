import Foundation

/// Whose a subject is. A title is unique per owner: the terminal's learner is `local`, and each
/// account of `primer serve` is an owner of its own, so two accounts may each have "Biology" and
/// neither sees the other's.
public struct SubjectOwner: Hashable, Sendable, Codable, CustomStringConvertible {
    /// 0 for the local learner, else the account's id.
    public let id: Int64

    public static let local = SubjectOwner(id: 0)

    public static func account(_ id: Int64) -> SubjectOwner { SubjectOwner(id: id) }

    private init(id: Int64) { self.id = id }

    /// Stored values come back through here (the `owner_id` column).
    public init(stored id: Int64) { self.id = id }

    public var description: String { id == 0 ? "the local learner" : "account #\(id)" }
}

/// A store that holds many owners' subjects. `owned(by:)` is the same store seen by one owner:
/// every lookup by title, every list and every subject it creates is that owner's. Lookups by id
/// are not scoped: a front end that takes ids from a client checks their owner first
/// (`subject(id:)`, `itemSubject(itemID:)`).
public protocol OwnerScoped: Sendable {
    /// Whose subjects this view of the store reads and writes.
    var owner: SubjectOwner { get }
    func owned(by owner: SubjectOwner) -> Self
    /// The subject with this id, whoever owns it; nil when there is none.
    func subject(id: Int64) async throws -> StoredSubject?
    /// The subject an item belongs to; nil when there is no such item.
    func itemSubject(itemID: Int64) async throws -> StoredSubject?
    /// Sets how apps show a subject (a colour such as `#3366ff`, an icon name).
    func setAppearance(subjectID: Int64, color: String, icon: String) async throws
    /// Creates a subject of this owner in one statement, appearance included: `StoreError.taken`
    /// when the owner has one of this title, also when two creates race (never an upsert).
    func createSubject(_ subject: NewSubject, at date: Date) async throws -> StoredSubject
}

/// What a new subject starts with (`OwnerScoped.createSubject`).
public struct NewSubject: Sendable {
    public var title: String
    public var notes: String
    public var kind: SubjectKind
    public var instructions: String
    public var color: String
    public var icon: String

    public init(title: String, notes: String = "", kind: SubjectKind = .general, instructions: String = "", color: String = "", icon: String = "") {
        self.title = SubjectTitle.normalized(title)
        self.notes = notes
        self.kind = kind
        self.instructions = instructions
        self.color = color
        self.icon = icon
    }
}
