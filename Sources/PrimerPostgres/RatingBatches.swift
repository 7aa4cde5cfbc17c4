import Foundation
import Logging
import PostgresNIO
import PrimerCore

/// Ratings that arrive while others are being stored, stored together (`StatementBatches`): one
/// read of their cards (`RatedItems`) and one write (`WriteRatings`) a batch, where each rating
/// alone takes two statements. `pgbench` of the write alone: ~6,000 ratings a second one a
/// statement, ~17,800 eight a statement (BENCHMARKS.md (ag)).
///
/// Each rating keeps the rules of `PostgresStore.review`: only the owner's item, scheduled from
/// the memory read, stored only if that memory is still the one read — else read and scheduled
/// again in a later batch, up to `PostgresStore.ratingAttempts` times. A batch holds one rating an
/// item, and no item of a batch being stored. When a batch's read fails or PostgreSQL refuses its
/// write, its ratings are made one by one, each with its own outcome; when its write meets
/// another transaction in a deadlock, PostgreSQL stores none of it and each rating goes to the
/// next batch.
final class RatingBatches: Sendable {
    /// One rating waiting for its batch.
    struct Waiting: Sendable {
        /// The view of the store the rating came through (its owner).
        let store: PostgresStore
        let itemID: Int64
        let rating: ReviewRating
        let date: Date
        let durationMs: Int
        let schedule: @Sendable (_ card: StudyCard, _ parameters: [Double]?) throws -> ItemMemory
    }

    typealias Outcome = StatementBatches<Waiting, RecordedReview>.Outcome

    private let batches = StatementBatches<Waiting, RecordedReview>(
        attempts: PostgresStore.ratingAttempts, key: { $0.itemID },
        exhausted: { PostgresStore.ratedByOthers($0.itemID, store: $0.store.address) }, run: RatingBatches.store)

    /// Rates `itemID` through `store`'s owner, with the next batch.
    func rate(
        _ store: PostgresStore, itemID: Int64, rating: ReviewRating, at date: Date, durationMs: Int,
        schedule: @escaping @Sendable (_ card: StudyCard, _ parameters: [Double]?) throws -> ItemMemory
    ) async throws -> RecordedReview {
        try await batches.answer(Waiting(store: store, itemID: itemID, rating: rating, date: date, durationMs: durationMs, schedule: schedule))
    }

    /// The batch stored; when its read fails (one card's bad row, a dropped connection) or
    /// PostgreSQL refuses its write, nothing was written, and each rating is made alone.
    @Sendable private static func store(_ batch: [Waiting]) async -> [Outcome] {
        let store = batch[0].store
        do {
            return try await store.read { connection in try await Self.rate(batch, connection, store.logger) }
        } catch {
            var outcomes: [Outcome] = []
            for rating in batch {
                do {
                    outcomes.append(.answered(try await rating.store.read { connection in
                        try await rating.store.review(
                            connection, itemID: rating.itemID, rating: rating.rating, at: rating.date, durationMs: rating.durationMs,
                            schedule: rating.schedule)
                    }))
                } catch {
                    outcomes.append(.failed(error))
                }
            }
            return outcomes
        }
    }

    /// A batch's read, schedules and write on one connection; an outcome a rating, in order.
    static func rate(_ batch: [Waiting], _ connection: PostgresConnection, _ logger: Logger) async throws -> [Outcome] {
        let rows = try await connection.rows(RatedItems(ids: batch.map(\.itemID), owners: batch.map(\.store.owner.id)), logger)
        let cards = try await PostgresStore.studyCards(connection, rows, logger)
        var found: [Int64: (card: StudyCard, parameters: [Double]?)] = [:]
        for (row, card) in zip(rows, cards) { found[card.id] = (card, try PostgresStore.fittedParameters(row)) }
        var outcomes = [Outcome](repeating: .again, count: batch.count)
        var writes: [(index: Int, write: RatingWrite)] = []
        for (index, rating) in batch.enumerated() {
            guard let (card, parameters) = found[rating.itemID] else {
                outcomes[index] = .failed(StoreError.notFound("item \(ItemKey.of(rating.itemID))"))
                continue
            }
            do {
                let after = try rating.schedule(card, parameters)
                writes.append((index, RatingWrite(
                    itemID: rating.itemID, before: card.memory, after: after, rating: rating.rating, at: rating.date,
                    durationMs: rating.durationMs, clientKey: nil)))
            } catch {
                outcomes[index] = .failed(error)
            }
        }
        guard !writes.isEmpty else { return outcomes }
        let written: Set<Int64>
        do {
            written = Set(try await connection.rows(WriteRatings(writes.map(\.write)), logger).map { try $0.value("item_id", as: Int64.self) })
        } catch let error as PSQLError where ["40P01", "40001"].contains(error.serverInfo?[.sqlState]) {
            // A deadlock (with another server's batch, a writer locking several items): PostgreSQL
            // stored none of it; each rating is read and scheduled again in a later batch.
            return outcomes
        } catch let error as PSQLError where error.serverInfo != nil {
            // PostgreSQL refused the statement and stored none of it: each rating is made alone
            // (`store`), so one that cannot be stored does not fail the others.
            throw error
        } catch {
            // The connection failed: the write may have been stored, so it is not made again.
            for (index, _) in writes { outcomes[index] = .failed(batch[index].store.storeError(error)) }
            return outcomes
        }
        for (index, write) in writes where written.contains(write.itemID) {
            outcomes[index] = .answered(RecordedReview(
                card: found[write.itemID]!.card, before: write.before, after: write.after, reviewedAt: write.after.reviewTime(or: write.at),
                repeated: false))
        }
        return outcomes
    }
}

/// What ratings read of their items: the cards of the items `$1` whose subject's owner is the
/// same place of `$2`, with the FSRS parameters in effect for each (the subject's own, else its
/// owner's). An item not found, or not that owner's, has no row.
struct RatedItems: PreparedRead {
    static let sql = """
        SELECT \(PostgresStore.studyCardColumns), \(ParametersInEffect.sql(owner: "s.owner_id", subject: "s.id")) AS fitted
        FROM \(PostgresStore.studyCardTables) JOIN unnest($1::int8[], $2::int8[]) AS q(id, owner_id) ON x.id = q.id
        WHERE x.shape != 'lesson' AND s.owner_id = q.owner_id
        """
    let ids: [Int64]
    let owners: [Int64]

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 2)
        bindings.append(ids)
        bindings.append(owners)
        return bindings
    }
}

/// Ratings' writes, one item a rating (a batch's, or one alone), in one statement: each rating's
/// memory inserted (a first rating, only if the card still has none) or updated if it is still
/// the one the rating was scheduled from, and its line of the review log, with its client key
/// if any. The rows back are the items stored. The log's subject is the memory's
/// (`memory_states.subject_id`, kept by the store's triggers), so a card moved meanwhile logs
/// where it is now.
///
/// Arrays hold no NULL here (PostgresNIO binds none in an array), so a missing value is sent as
/// one that cannot occur and read back as NULL: a step of -1, a NaN for a stability, difficulty
/// or time (a NaN stability or difficulty, which no scheduler gives, would be stored as NULL),
/// an empty client key (the API takes 1 to 100 characters); `before_reps` is -1 for a first
/// rating. The items are locked in id order, as the writers that lock several items lock them
/// (a deadlock with one is still possible, through the memories' rows or a cascade: PostgreSQL
/// then ends one of the two, the batch going to the next batch and a writer's transaction being
/// run again, `PostgresStore.write`). A first memory's subject is read from the item's row as
/// locked (`MemorySubjects.subjectSQL(subtopicID:shape:)`): an item moved while the rating
/// waited for its lock gives its new subject (a sub-select over `items` would read the
/// statement's snapshot, from before the move), and the insert trigger, which does the same
/// when a writer gives none, is not called.
struct WriteRatings: PreparedRead {
    static let sql = """
        WITH input AS (
            SELECT * FROM unnest($1::int8[], $2::int8[], $3::int8[], $4::float8[], $5::float8[], $6::float8[], $7::float8[],
                $8::int8[], $9::int8[], $10::int8[], $11::int8[], $12::int8[], $13::int8[], $14::int8[], $15::float8[], $16::float8[],
                $17::text[])
            AS i(item_id, phase, step, stability, difficulty, due, last_review, reps, lapses,
                review_time, rating, state, duration_ms, before_reps, before_due, before_last_review, client_key)
        ),
        item AS (
            SELECT x0.id, \(MemorySubjects.subjectSQL(subtopicID: "x0.subtopic_id", shape: "x0.shape")) AS subject_id
            FROM items x0 WHERE x0.id = ANY($1::int8[]) ORDER BY x0.id FOR SHARE OF x0
        ),
        first AS (
            INSERT INTO memory_states (item_id, subject_id, phase, step, stability, difficulty, due, last_review, reps, lapses)
            SELECT i.item_id, item.subject_id, i.phase, NULLIF(i.step, -1), NULLIF(i.stability, 'NaN'), NULLIF(i.difficulty, 'NaN'),
                i.due, NULLIF(i.last_review, 'NaN'), i.reps, i.lapses
            FROM input i JOIN item ON item.id = i.item_id WHERE i.before_reps < 0
            ON CONFLICT (item_id) DO NOTHING
            RETURNING item_id, subject_id
        ),
        later AS (
            UPDATE memory_states m SET phase = i.phase, step = NULLIF(i.step, -1), stability = NULLIF(i.stability, 'NaN'),
                difficulty = NULLIF(i.difficulty, 'NaN'), due = i.due, last_review = NULLIF(i.last_review, 'NaN'), reps = i.reps,
                lapses = i.lapses
            FROM input i JOIN item ON item.id = i.item_id
            WHERE i.before_reps >= 0 AND m.item_id = i.item_id
                AND (m.reps, m.due, m.last_review) IS NOT DISTINCT FROM (i.before_reps, i.before_due, NULLIF(i.before_last_review, 'NaN'))
            RETURNING m.item_id, m.subject_id
        )
        INSERT INTO review_log (subject_id, item_id, review_time, rating, state, duration_ms, client_key)
        SELECT w.subject_id, w.item_id, i.review_time, i.rating, i.state, i.duration_ms, NULLIF(i.client_key, '')
        FROM (SELECT * FROM first UNION ALL SELECT * FROM later) w JOIN input i ON i.item_id = w.item_id
        RETURNING item_id
        """
    let writes: [RatingWrite]

    init(_ writes: [RatingWrite]) { self.writes = writes }

    func makeBindings() throws -> PostgresBindings {
        let none = Double.nan
        var bindings = PostgresBindings(capacity: 17)
        bindings.append(writes.map(\.itemID))
        bindings.append(writes.map { Int64($0.after.state.phase.rawValue) })
        bindings.append(writes.map { Int64($0.after.state.step ?? -1) })
        bindings.append(writes.map { $0.after.state.stability ?? none })
        bindings.append(writes.map { $0.after.state.difficulty ?? none })
        bindings.append(writes.map { $0.after.state.due.timeIntervalSince1970 })
        bindings.append(writes.map { $0.after.state.lastReview?.timeIntervalSince1970 ?? none })
        bindings.append(writes.map { Int64($0.after.reps) })
        bindings.append(writes.map { Int64($0.after.lapses) })
        bindings.append(writes.map { $0.after.reviewTimeMs(or: $0.at) })
        bindings.append(writes.map { Int64($0.rating.rawValue) })
        bindings.append(writes.map { Int64($0.before?.state.phase.rawValue ?? 0) })
        bindings.append(writes.map { Int64(max(0, $0.durationMs)) })
        bindings.append(writes.map { Int64($0.before?.reps ?? -1) })
        bindings.append(writes.map { $0.before?.state.due.timeIntervalSince1970 ?? none })
        bindings.append(writes.map { $0.before?.state.lastReview?.timeIntervalSince1970 ?? none })
        bindings.append(writes.map { $0.clientKey ?? "" })
        return bindings
    }
}
