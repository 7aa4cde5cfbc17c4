import Foundation

/// The learner's side of the store: memory states, the review log, known flags, quizzes, and the
/// items a learner adds, edits and deletes. Every write is one transaction.
public protocol LearnerStore: Sendable {
    /// The studied items (every shape but the lesson) of the subject titled `subjectTitle`, or
    /// of every subject when nil, in kit order (topic, subtopic, family, position).
    func studyCards(subjectTitle: String?) async throws -> [StudyCard]
    /// The owner's studied items of one subject (nil: of all) as a history or a forecast reads
    /// them: the memories of those studied at least once, and a count of the new ones
    /// (`StudiedMemories`).
    func studiedMemories(subjectTitle: String?) async throws -> StudiedMemories
    /// `primer stats`' sums of one of this view's owner's subjects, computed by the store
    /// (`ProgressSums`): recall on `curve` at `now`, due before `endOfToday`, leeches with at least
    /// `leechLapses` lapses. Empty for another owner's subject.
    func progressSums(subjectID: Int64, now: Date, endOfToday: Date, curve: RecallCurve, leechLapses: Int) async throws -> ProgressSums
    /// The quarter hours (each its start, UTC) with reviews of one of this view's owner's
    /// subjects at or after `since`: what a streak needs, at most 96 a day however many reviews
    /// (every time zone's offset is a whole number of quarter hours, so each lies in one local day).
    func reviewQuarters(subjectID: Int64, since: Date) async throws -> [Date]
    /// One studied item by id, nil when there is none among this view's owner's subjects.
    func studyCard(id: Int64) async throws -> StudyCard?
    /// The ids of this view's owner's studied items whose key (`ItemKey`) starts with `prefix`.
    func studyItemIDs(keyPrefix prefix: String) async throws -> [Int64]
    /// Rates one of this view's owner's studied items at `date`, the card read in the same call
    /// (`notFound` when the item is none of the owner's): `scheduling` is given the card as it is
    /// (its memory nil: new) and the FSRS parameters in effect for its subject (its own fitted
    /// ones, else the learner's; nil: the configured ones), and its next memory is stored with a
    /// line of the review log, atomically. A `clientKey` already in the item's log (the same
    /// rating sent again) stores nothing and answers with the memory as it is, `repeated`.
    /// `scheduling` may run more than once (PostgreSQL schedules again over a rating of the
    /// card that came first); it only computes. The log line and `reviewedAt` take the time
    /// `scheduling` reviewed at (the memory's last review; `date` when it sets none), so a rating
    /// made "now" may be placed after one of the card that was recorded first.
    func rateItem(
        itemID: Int64, rating: ReviewRating, at date: Date, durationMs: Int, clientKey: String?,
        scheduling: @escaping @Sendable (_ card: StudyCard, _ parameters: [Double]?) throws -> ItemMemory
    ) async throws -> RecordedReview
    /// Marks an item known or not known.
    func setKnown(itemID: Int64, known: Bool, at date: Date) async throws
    /// Adds an item the learner wrote after the subtopic's items of `family`; returns its id.
    func addItem(subjectID: Int64, subtopicID: Int64, family: String, content: ItemContent, at date: Date) async throws -> Int64
    /// Adds items brought in from another app (`ImportedItem`), with their memories and review
    /// logs, creating the topics and subtopics they name, in one transaction; an item whose
    /// `importKey` is already the subject's (stored, or earlier in `items`) is skipped, so two
    /// imports of one file at once add it once. Returns each item's id, nil when skipped.
    func importItems(subjectID: Int64, items: [ImportedItem], at date: Date) async throws -> [Int64?]
    /// The FSRS parameters fitted for a subject (nil: the learner's own, for every subject
    /// without its own), nil when none were.
    func fittedParameters(subjectID: Int64?) async throws -> FittedParameters?
    /// The parameters reviews of the subject titled `subjectTitle` use: its own fitted ones, else
    /// the learner's, else nil (primer.yaml's) — one read, for every rating.
    func fittedParametersInEffect(subjectTitle: String) async throws -> FittedParameters?
    /// Stores fitted parameters for a subject (nil: the learner's own), replacing earlier ones.
    func saveFittedParameters(_ fitted: FittedParameters, subjectID: Int64?) async throws
    /// Replaces an item's fields with the learner's version; its memory and review log stay.
    func editItem(id: Int64, content: ItemContent, at date: Date) async throws
    /// Deletes one item with its memory state; its lines in the review log stay (they are the
    /// learner's history, and the optimizer's data). False when there was no such item.
    @discardableResult
    func deleteItem(id: Int64) async throws -> Bool
    /// The review log of one subject (nil: of every subject), oldest first.
    func reviewLog(subjectTitle: String?) async throws -> [ReviewLogEntry]
    /// Stores a finished quiz with its answers and, for each answer, a review of its question
    /// (`rating` of the answer), in one transaction.
    func recordQuiz(
        _ attempt: QuizAttempt, rating: @escaping @Sendable (QuizResponse) -> ReviewRating,
        schedule: @escaping @Sendable (ItemMemory?, ReviewRating) -> ItemMemory
    ) async throws
    /// The quizzes taken on a subject (nil: on every subject), oldest first, without answers.
    func quizAttempts(subjectTitle: String?) async throws -> [QuizAttemptSummary]
    /// What `review next` shows for a subject (or one subtopic of it) at `horizon`, read through
    /// the due-date index instead of every card: the review due first (earliest due, then id),
    /// else the first new card in kit order (as `StudyQueue.select(_:mode: .due)` orders them);
    /// how many are due (reviews due and new cards); and when none is, the next due date. With
    /// the subject's title and the FSRS parameters in effect for it, so that the next item and
    /// its intervals are one read. `.notFound` when the owner has no subject with this id.
    func dueQueue(subjectID: Int64, subtopicID: Int64?, horizon: Date) async throws -> DueQueue
    /// The studied items of a subject forgotten at least `minLapses` times after being learnt,
    /// in kit order.
    func leeches(subjectID: Int64, minLapses: Int) async throws -> [Leech]
}

extension LearnerStore {
    /// As `rateItem`, given the memory before rather than the card.
    public func recordReview(
        itemID: Int64, rating: ReviewRating, at date: Date, durationMs: Int, clientKey: String?,
        scheduling: @escaping @Sendable (_ before: ItemMemory?, _ parameters: [Double]?) throws -> ItemMemory
    ) async throws -> RecordedReview {
        try await rateItem(
            itemID: itemID, rating: rating, at: date, durationMs: durationMs, clientKey: clientKey,
            scheduling: { card, parameters in try scheduling(card.memory, parameters) })
    }

    /// As `recordReview(…scheduling:)`, scheduled without regard to fitted parameters.
    public func recordReview(
        itemID: Int64, rating: ReviewRating, at date: Date, durationMs: Int, clientKey: String?,
        schedule: @escaping @Sendable (ItemMemory?) throws -> ItemMemory
    ) async throws -> RecordedReview {
        try await recordReview(
            itemID: itemID, rating: rating, at: date, durationMs: durationMs, clientKey: clientKey, scheduling: { before, _ in try schedule(before) })
    }

    /// Rates an item at `date` (no client key). Returns both memories.
    public func recordReview(
        itemID: Int64, rating: ReviewRating, at date: Date, durationMs: Int,
        schedule: @escaping @Sendable (ItemMemory?) throws -> ItemMemory
    ) async throws -> (before: ItemMemory?, after: ItemMemory) {
        let recorded = try await recordReview(
            itemID: itemID, rating: rating, at: date, durationMs: durationMs, clientKey: nil, schedule: schedule)
        return (recorded.before, recorded.after)
    }
}

/// What `LearnerStore.rateItem` stored: the card as it was, the memory before and after, or —
/// for a client key already recorded — the memory as it is (both) and the time of the review
/// recorded then.
public struct RecordedReview: Sendable, Equatable {
    public var card: StudyCard
    public var before: ItemMemory?
    public var after: ItemMemory
    public var reviewedAt: Date
    /// The client key was the item's already: nothing was stored.
    public var repeated: Bool

    public init(card: StudyCard, before: ItemMemory?, after: ItemMemory, reviewedAt: Date, repeated: Bool) {
        self.card = card
        self.before = before
        self.after = after
        self.reviewedAt = reviewedAt
        self.repeated = repeated
    }
}

/// One quiz taken, without its answers (`primer stats`).
public struct QuizAttemptSummary: Sendable, Equatable, Codable {
    public var subject: String
    public var subtopic: String?
    public var takenAt: Date
    public var questions: Int
    public var correct: Int
    public var passPercent: Int
    public var passed: Bool

    public init(subject: String, subtopic: String?, takenAt: Date, questions: Int, correct: Int, passPercent: Int, passed: Bool) {
        self.subject = subject
        self.subtopic = subtopic
        self.takenAt = takenAt
        self.questions = questions
        self.correct = correct
        self.passPercent = passPercent
        self.passed = passed
    }
}

/// The head of a subject's due queue (`LearnerStore.dueQueue`).
public struct DueQueue: Sendable, Equatable {
    /// The card to study next, nil when none is due.
    public var first: StudyCard?
    /// Reviews due by the horizon, and new cards.
    public var due: Int
    /// When nothing is due: the earliest due date after the horizon, nil when there is none.
    public var nextDue: Date?
    public var subjectTitle: String
    /// The FSRS parameters that schedule the subject: its own fitted ones, else the learner's;
    /// nil for the configured ones.
    public var parameters: [Double]?

    public init(first: StudyCard?, due: Int, nextDue: Date?, subjectTitle: String, parameters: [Double]?) {
        self.first = first
        self.due = due
        self.nextDue = nextDue
        self.subjectTitle = subjectTitle
        self.parameters = parameters
    }
}
