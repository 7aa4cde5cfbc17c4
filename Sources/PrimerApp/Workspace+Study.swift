import Foundation
import PrimerCore

/// What `review next` found: a card, or nothing due and when the next card comes due.
public struct NextCard: Sendable, Encodable {
    public var card: StudyCard?
    /// Cards due by the horizon (the one shown included).
    public var due: Int
    /// When nothing is due: when the next card is.
    public var nextDue: Date?
}

/// A review as `review rate` recorded it.
public struct RatedCard: Sendable, Encodable {
    public var card: StudyCard
    public var rating: ReviewRating
    public var reviewedAt: Date
    public var previousState: String
    /// Seconds until the card is due again.
    public var interval: TimeInterval
    /// The rating's client key was recorded already: this is that review, not a new one.
    public var repeated = false

    enum CodingKeys: String, CodingKey { case card, rating, reviewedAt, previousState, interval }
}

extension ReviewRating {
    /// again, hard, good, easy.
    public var name: String {
        switch self {
        case .again: "again"
        case .hard: "hard"
        case .good: "good"
        case .easy: "easy"
        }
    }

    public init?(name: String) {
        guard let rating = Self.allCases.first(where: { $0.name == name.lowercased() }) else { return nil }
        self = rating
    }
}

extension Workspace {
    public var studyPolicy: StudyPolicy { config.study }

    /// The studied cards of a subject, or of one of its subtopics (title matched
    /// case-insensitively), in kit order.
    public func studyCards(subject: String, subtopic: String? = nil) async throws -> [StudyCard] {
        let store = try await readingStore()
        guard let stored = try await store.subject(titled: subject) else { throw Self.noSubject(subject) }
        let cards = try await store.studyCards(subjectTitle: subject)
        guard let subtopic else { return cards }
        let match = try await Self.subtopic(subtopic, of: stored, in: store)
        return cards.filter { $0.subtopic == match.title }
    }

    /// The subject's subtopic titled `name` (case-insensitively).
    static func subtopic(_ name: String, of subject: StoredSubject, in store: any KitStore) async throws -> StoredSubtopic {
        let subtopics = try await store.plan(subjectID: subject.id).flatMap(\.subtopics)
        guard let match = subtopics.first(where: { $0.title.lowercased() == name.lowercased() }) else {
            throw WorkspaceError(.notFound, "'\(subject.title)' has no subtopic '\(name)'; its subtopics are: \(subtopics.map(\.title).joined(separator: "; "))")
        }
        return match
    }

    /// The card a key (or a unique prefix of one) names.
    public func studyCard(_ key: String) async throws -> StudyCard {
        guard ItemKey.isWellFormed(key) else {
            throw WorkspaceError("'\(key.excerpt(20))' is not an item key: keys are up to 8 hex digits", cliHint: "`primer cards list \"<subject>\"` prints them")
        }
        let store = try await readingStore()
        let missing = WorkspaceError(.notFound, "no item has the key '\(key)'", cliHint: "`primer cards list \"<subject>\"` prints the keys of a subject's items")
        // A whole key names its row: one read, not a pass over every key of the store.
        if let id = ItemKey.id(of: key) {
            guard let card = try await store.studyCard(id: id) else { throw missing }
            return card
        }
        let ids = try await store.studyItemIDs(keyPrefix: key)
        guard let id = ids.first else { throw missing }
        guard ids.count == 1 else {
            let keys = ids.prefix(5).map(ItemKey.of).joined(separator: ", ")
            throw WorkspaceError("\(ids.count) items have keys starting with '\(key)' (\(keys)\(ids.count > 5 ? ", …" : "")); give more digits")
        }
        guard let card = try await store.studyCard(id: id) else { throw WorkspaceError(.notFound, "item \(key) was deleted meanwhile") }
        return card
    }

    /// The cards these keys (or unique prefixes) name, in order; at least one key.
    public func studyCards(keys: [String]) async throws -> [StudyCard] {
        guard !keys.isEmpty else { throw WorkspaceError("name at least one item by its key") }
        var cards: [StudyCard] = []
        for key in keys { cards.append(try await studyCard(key)) }
        return cards
    }

        /// The session a mode takes from a subject (see `StudyMode`).
    public func studyQueue(
        subject: String, subtopic: String? = nil, mode: StudyMode, daysAhead: Int = 0, limit: Int? = nil, now: Date = Date()
    ) async throws -> [StudyCard] {
        StudyQueue.select(
            try await studyCards(subject: subject, subtopic: subtopic), mode: mode, now: now, daysAhead: daysAhead, limit: limit,
            scheduler: try await scheduler(forSubject: subject))
    }

    /// The next card due by now + `daysAhead` days (reviews before new cards).
    public func nextCard(subject: String, subtopic: String? = nil, daysAhead: Int = 0, now: Date = Date()) async throws -> NextCard {
        let store = try await readingStore()
        guard let stored = try await store.subject(titled: subject) else { throw Self.noSubject(subject) }
        return try await nextCard(of: stored, subtopic: subtopic, daysAhead: daysAhead, now: now)
    }

    /// As `nextCard(subject:)`, of a subject already read (`Study.next`: by id, read once).
    func nextCard(of stored: StoredSubject, subtopic: String? = nil, daysAhead: Int = 0, now: Date = Date()) async throws -> NextCard {
        let subtopicID = if let subtopic { try await Self.subtopic(subtopic, of: stored, in: try await readingStore()).id } else { Int64?.none }
        let queue = try await dueQueue(subjectID: stored.id, subtopicID: subtopicID, daysAhead: daysAhead, now: now)
        return NextCard(card: queue.first, due: queue.due, nextDue: queue.nextDue)
    }

    /// The head of the owner's subject's due queue by id, with what schedules it: one read of
    /// the store (a deck of 100,000 cards is not read). `.notFound` for a subject that is not
    /// the owner's, or one without cards.
    func dueQueue(subjectID: Int64, subtopicID: Int64? = nil, daysAhead: Int, now: Date) async throws -> DueQueue {
        let horizon = now.addingTimeInterval(Double(daysAhead) * 86_400)
        let queue = try await Library.mapped {
            try await readingStore().dueQueue(subjectID: subjectID, subtopicID: subtopicID, horizon: horizon)
        }
        if queue.first == nil && queue.nextDue == nil {
            let subject = queue.subjectTitle
            throw WorkspaceError(.notFound, "'\(subject)' has no cards to study yet", cliHint: "generate its kit with `primer generate \"\(subject)\"`")
        }
        return queue
    }

    /// The longest review `rate` records, a day: a longer duration is a mistake (a timestamp
    /// given as a duration), and would weigh on the optimizer's data.
    public static let longestReviewMs = 86_400_000

    /// Records a review of the card `key` names, rated at `date` (default now): FSRS moves its
    /// due date and the review log gains a line. The time must be in the card's life — not before
    /// it was made, not before its last review, not in the future — and the duration at most a day.
    /// No time is a rating made now: when another rating of the card was recorded in the same
    /// moment with a later time (two devices, or a clock a little ahead, by up to a minute), it
    /// is recorded at that rating's time, after it, instead of being refused as out of order.
    /// A `clientKey` (a client's idempotency key, `ReviewClientKey`) the item's log holds already
    /// records nothing and answers with that review: a rating sent twice counts once.
    public func rate(
        _ key: String, _ rating: ReviewRating, at date: Date? = nil, durationMs: Int = 0, clientKey: String? = nil
    ) async throws -> RatedCard {
        try await rate(item: try await studyCard(key).id, rating, at: date, durationMs: durationMs, clientKey: clientKey)
    }

    /// As `rate(_ key:)`, by id (`Study.rate`): the store reads the card in the rating's call.
    func rate(
        item: Int64, _ rating: ReviewRating, at date: Date? = nil, durationMs: Int = 0, clientKey: String? = nil
    ) async throws -> RatedCard {
        guard (0...Self.longestReviewMs).contains(durationMs) else {
            throw WorkspaceError("a review's duration is 0 to \(Self.longestReviewMs) ms (a day), not \(durationMs); give it in milliseconds")
        }
        if let clientKey { try ReviewClientKey.check(clientKey) }
        let now = Date()
        let reviewedAt = date ?? now
        if reviewedAt > now.addingTimeInterval(60) {
            throw WorkspaceError("the review time \(Self.iso(reviewedAt)) is in the future; record a review when it was done")
        }
        // The card's life and the order of reviews are checked in the store's call, against the
        // card and memory it holds then (and after a repeated client key, which is no new
        // review); the store gives the subject's FSRS parameters from the same call.
        let configured = studyPolicy.scheduler
        let recorded = try await store().rateItem(
            itemID: item, rating: rating, at: reviewedAt, durationMs: durationMs, clientKey: clientKey
        ) { card, parameters in
            // A rating made now comes after whatever the card holds, up to the minute ahead a review
            // time may be (a later last review is no rating of this moment: refused below); the
            // store logs it at the time scheduled here (`LearnerStore.rateItem`).
            let reviewedAt = date == nil ? Self.madeNow(at: reviewedAt, after: card.memory?.state.lastReview) : reviewedAt
            // Compared to the second: a time written without fractions in the second the card was made is in its life.
            if let created = card.createdAt, reviewedAt < created.addingTimeInterval(-1) {
                throw WorkspaceError(
                    "item \(card.key) was made at \(Self.iso(created)), after the review time \(Self.iso(reviewedAt)); a review cannot be older than its card")
            }
            if let last = card.memory?.state.lastReview, reviewedAt < last {
                throw WorkspaceError(
                    "item \(card.key) was last reviewed at \(Self.iso(last)); reviews are recorded in the order they were done, so the review time must be later")
            }
            return (parameters.map(configured.with(parameters:)) ?? configured).review(card.memory, rating: rating, at: reviewedAt)
        }
        let card = recorded.card
        var rated = card
        rated.memory = recorded.after
        return RatedCard(
            card: rated, rating: rating, reviewedAt: recorded.reviewedAt,
            previousState: recorded.before == nil ? "new" : recorded.repeated ? rated.stateName : card.stateName,
            interval: recorded.after.state.due.timeIntervalSince(recorded.reviewedAt), repeated: recorded.repeated)
    }

    /// The time of a rating made `now` of a card last reviewed at `last`: now, or `last` when that
    /// is later by no more than the minute a review time may be ahead (a rating recorded first in
    /// the same moment by another device, or a clock a little ahead).
    static func madeNow(at now: Date, after last: Date?) -> Date {
        guard let last, last > now, last <= now.addingTimeInterval(60) else { return now }
        return last
    }

    /// Marks the card `key` names known or not known.
    public func markKnown(_ key: String, known: Bool) async throws -> StudyCard {
        var card = try await studyCard(key)
        try await store().setKnown(itemID: card.id, known: known, at: Date())
        card.known = known
        return card
    }

    /// The vocabulary of a subject: the items of its glossary family (the terms), all of them
    /// or only the known or the unknown ones.
    public func vocabulary(subject: String, subtopic: String? = nil, known: Bool? = nil) async throws -> [StudyCard] {
        let families = try locations.families(config: config)
        let kind = try await readingStore().subject(titled: subject)?.kind ?? .general
        guard let glossary = families.glossaryFamily(for: kind)?.name else {
            throw WorkspaceError("the prompt families have no glossary family (`role: glossary`) for \(kind.rawValue) subjects, so there is no vocabulary")
        }
        return try await studyCards(subject: subject, subtopic: subtopic)
            .filter { $0.family == glossary && (known == nil || $0.known == known) }
    }

    static func noSubject(_ title: String) -> WorkspaceError {
        WorkspaceError(.notFound, "no subject titled '\(title)' in the store", cliHint: "`primer list` shows the stored subjects")
    }

    static func iso(_ date: Date) -> String {
        Timestamp.format(date)
    }
}

extension Workspace {
    /// The subject's leeches (items forgotten at least `study.leech_lapses` times after being
    /// learnt), of one subtopic and one family when named, in kit order: what
    /// `generate --rewrite-leeches` writes again.
    public func leeches(subject: String, subtopic: String? = nil, family: String? = nil, provider: String? = nil) async throws -> [Leech] {
        let family = family.map(FamilyAlias.canonical)
        let store = try await readingStore()
        guard let stored = try await store.subject(titled: subject) else { throw Self.noSubject(subject) }
        if let family {
            let declared = try families(forProvider: providerName(provider)).subtopicFamilies(for: stored.kind).map(\.name)
            guard declared.contains(family) else {
                throw WorkspaceError(
                    .notFound, "no subtopic family '\(family.excerpt(40))' for \(stored.kind.rawValue) subjects; the families are: \(declared.joined(separator: ", "))")
            }
        }
        let subtopicID = if let subtopic { try await Self.subtopic(subtopic, of: stored, in: store).id } else { Int64?.none }
        return try await store.leeches(subjectID: stored.id, minLapses: studyPolicy.leechLapses).filter {
            (subtopicID == nil || $0.subtopicID == subtopicID) && (family == nil || $0.family == family)
        }
    }
}
