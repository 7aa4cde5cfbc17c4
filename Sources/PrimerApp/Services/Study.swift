import Foundation
import PrimerCore

/// An item of a study session with the interval each rating would give it now.
public struct SessionItem: Sendable, Encodable {
    public var card: StudyCard
    public var intervals: RatingIntervals
}

/// What is due next in a subject: the item with its intervals, and how many are due.
public struct NextItem: Sendable, Encodable {
    public var item: SessionItem
    public var due: Int
}

/// Studying by typed ids, as an app asks for it: sessions in every mode, the next item, ratings,
/// exercise checks, known marks and quizzes of one owner (the workspace's). Every id is checked
/// through the owner's `Library` first, so another owner's subject or item is `.notFound` here;
/// then the workspace's study operations run, which the CLI calls by title and key.
public struct Study: Sendable {
    let workspace: Workspace
    let library: Library

    /// A session in `mode` (see `StudyMode`), at most `limit` items, each with its intervals.
    public func session(
        _ subject: SubjectID, subtopic: String? = nil, mode: StudyMode, daysAhead: Int = 0, limit: Int? = nil, now: Date = Date()
    ) async throws -> [SessionItem] {
        try Self.check(daysAhead: daysAhead, limit: limit)
        let title = try await library.subject(subject).title
        let cards = try await workspace.studyQueue(subject: title, subtopic: subtopic, mode: mode, daysAhead: daysAhead, limit: limit, now: now)
        return zip(cards, try await workspace.intervals(for: cards, now: now)).map { SessionItem(card: $0, intervals: $1) }
    }

    /// The next item due by now + `daysAhead` days; `.notFound` saying when the next one is due
    /// when nothing is.
    /// One read of the store: the owner's subject, its queue's head and its FSRS parameters.
    public func next(_ subject: SubjectID, daysAhead: Int = 0, now: Date = Date()) async throws -> NextItem {
        try Self.check(daysAhead: daysAhead, limit: nil)
        let next = try await workspace.dueQueue(subjectID: subject.rawValue, daysAhead: daysAhead, now: now)
        guard let card = next.first else {
            let when = next.nextDue.map { " until \(Timestamp.format($0))" } ?? ""
            throw WorkspaceError(.notFound, "nothing in ‘\(next.subjectTitle)’ is due\(when); study ahead with more days ahead")
        }
        let scheduler = workspace.scheduler(parameters: next.parameters)
        return NextItem(item: SessionItem(card: card, intervals: Workspace.intervals(for: [card], scheduler: scheduler, now: now)[0]), due: next.due)
    }

    /// Records a rating of the owner's item (FSRS moves its due date; the review log gains a line).
    public func rate(
        _ item: ItemID, _ rating: ReviewRating, at date: Date? = nil, durationMs: Int = 0, clientKey: String? = nil
    ) async throws -> RatedCard {
        // Another owner's item is `notFound` in the store's rating call, as in `library.item`.
        try await Library.mapped {
            try await workspace.rate(item: item.rawValue, rating, at: date, durationMs: durationMs, clientKey: clientKey)
        }
    }

    /// An exercise's answer scored part by part; nothing is stored (rate after).
    public func check(_ item: ItemID, answer: String) async throws -> ExerciseCheck {
        let card = try await library.item(item)
        guard let check = card.content.check(answer: answer) else {
            throw WorkspaceError("item \(card.key) is a card to recall, not an exercise to answer; rate it instead")
        }
        return check
    }

    /// Marks the owner's item known or not known.
    public func markKnown(_ item: ItemID, known: Bool) async throws -> StudyCard {
        try await workspace.markKnown(try await library.item(item).key, known: known)
    }

    /// The quiz of a subject or subtopic (choice questions, then exercises), at most `limit`.
    public func quiz(_ subject: SubjectID, subtopic: String? = nil, limit: Int? = nil) async throws -> [StudyCard] {
        if let limit, !(1...200).contains(limit) { throw WorkspaceError("a quiz has 1 to 200 questions, not \(limit)") }
        return try await workspace.quizQuestions(subject: try await library.subject(subject).title, subtopic: subtopic, limit: limit)
    }

    static func check(daysAhead: Int, limit: Int?) throws {
        guard (0...365).contains(daysAhead) else { throw WorkspaceError("days ahead are 0 to 365, not \(daysAhead)") }
        if let limit, !(1...500).contains(limit) { throw WorkspaceError("a session has 1 to 500 items, not \(limit)") }
    }
}

extension Workspace {
    /// The owner's studying by typed ids (`Study`).
    public func study() async throws -> Study {
        Study(workspace: self, library: try await library())
    }
}
