import Foundation
import GRDB
import PrimerCore

/// `primer stats` summed in SQL (`LearnerStore.progressSums`): four or five statements over the
/// subject's plan, items, memories and log, whatever the deck's size (the recall curve with
/// SQLite's `pow`, the same libm function `FSRSScheduler.retrievability` calls; `SQLiteMath` where SQLite has none). The owner is
/// checked once, on the plan's statement: another owner's subject has no subtopics, and nothing
/// else is read.
extension SQLiteStore {
    public func progressSums(subjectID: Int64, now: Date, endOfToday: Date, curve: RecallCurve, leechLapses: Int) async throws -> ProgressSums {
        try await read { [owner] db in
            // The subject's subtopics in plan order, and each one's sums: items read through their
            // subtopic's index and grouped in its order (no sort of 100,000 rows), the log
            // through the subject's (each line's item by its id).
            let places = try Row.fetchAll(
                db,
                sql: """
                    SELECT st.id, t.title AS topic, st.title AS subtopic FROM subtopics st JOIN topics t ON t.id = st.topic_id
                    JOIN subjects s ON s.id = t.subject_id WHERE s.id = ? AND s.owner_id = ? ORDER BY t.position, st.position, st.id
                    """, arguments: [subjectID, owner.id])
            guard !places.isEmpty else { return ProgressSums(subtopics: [], log: .init(), leeches: []) }
            let inSubject = "x.subtopic_id IN (SELECT st.id FROM subtopics st JOIN topics t ON t.id = st.topic_id WHERE t.subject_id = ?) AND x.shape != 'lesson'"
            var logs: [Int64: ProgressSums.LogSums] = [:]
            for row in try Row.fetchAll(
                db,
                sql: """
                    SELECT x.subtopic_id AS id, COUNT(*) AS reviews, TOTAL(r.state = 2) AS learnt, TOTAL(r.state = 2 AND r.rating != 1) AS recalled
                    FROM review_log r JOIN items x ON x.id = r.item_id
                    WHERE r.subject_id = ? AND \(inSubject) GROUP BY x.subtopic_id
                    """, arguments: [subjectID, subjectID])
            {
                logs[row["id"]] = Self.logSums(row)
            }
            // Cards counted on the subtopics' covering index; memories summed through their subject
            // (`memory_states.subject_id`): a new card is a count, not a lookup of its memory.
            var cards: [Int64: Int] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT x.subtopic_id AS id, COUNT(*) AS cards FROM items x WHERE \(inSubject) GROUP BY x.subtopic_id", arguments: [subjectID]) {
                cards[row["id"]] = row["cards"]
            }
            var sums: [Int64: Row] = [:]
            for row in try Row.fetchAll(
                db,
                sql: """
                    SELECT x.subtopic_id AS id, COUNT(*) AS studied,
                        TOTAL(CASE WHEN m.last_review IS NULL OR m.stability IS NULL THEN 0.0
                            ELSE pow(1 + ? * max(0, floor((? - m.last_review) / 86400.0)) / NULLIF(m.stability, 0), ?) END) AS recall,
                        TOTAL(m.due < ?) AS due_today, TOTAL(m.lapses) AS lapses, TOTAL(m.lapses >= ?) AS leeches
                    FROM memory_states m JOIN items x ON x.id = m.item_id
                    WHERE m.subject_id = ? GROUP BY x.subtopic_id
                    """,
                arguments: [curve.factor, now.timeIntervalSince1970, curve.decay, endOfToday.timeIntervalSince1970, leechLapses, subjectID])
            {
                sums[row["id"]] = row
            }
            let subtopics = places.compactMap { place -> ProgressSums.Subtopic? in
                let id: Int64 = place["id"]
                guard let count = cards[id] else { return nil }
                let row = sums[id]
                return ProgressSums.Subtopic(
                    id: id, topic: place["topic"], subtopic: place["subtopic"], cards: count, new: count - (row?["studied"] ?? 0),
                    recall: row?["recall"] ?? 0, dueToday: Int(row?["due_today"] ?? 0.0), lapses: Int(row?["lapses"] ?? 0.0),
                    log: logs[id] ?? .init())
            }
            let whole = try Row.fetchOne(
                db,
                sql: """
                    SELECT COUNT(*) AS reviews, TOTAL(r.state = 2) AS learnt, TOTAL(r.state = 2 AND r.rating != 1) AS recalled
                    FROM review_log r JOIN subjects s ON s.id = r.subject_id WHERE s.id = ? AND s.owner_id = ?
                    """, arguments: [subjectID, owner.id]
            ).map(Self.logSums) ?? .init()
            // The leeches in kit order, read from the subtopics that have any (most have none).
            let withLeeches = sums.filter { ($0.value["leeches"] as Double) > 0 }.map(\.key)
            let leeches = withLeeches.isEmpty ? [] : try Row.fetchAll(
                db,
                sql: """
                    SELECT x.id, x.subtopic_id FROM items x JOIN memory_states m ON m.item_id = x.id
                    JOIN subtopics st ON st.id = x.subtopic_id JOIN topics t ON t.id = st.topic_id
                    WHERE x.subtopic_id IN (\(withLeeches.map(String.init).joined(separator: ","))) AND x.shape != 'lesson' AND m.lapses >= ?
                    ORDER BY t.position, st.position, x.family, x.position, x.id
                    """, arguments: [leechLapses]
            ).map { ProgressSums.LeechPlace(item: $0["id"], subtopic: $0["subtopic_id"]) }
            return ProgressSums(subtopics: subtopics, log: whole, leeches: leeches)
        }
    }

    public func reviewQuarters(subjectID: Int64, since: Date) async throws -> [Date] {
        try await read { [owner] db in
            try Int64.fetchAll(
                db,
                sql: """
                    SELECT DISTINCT r.review_time / 900000 AS quarter FROM review_log r JOIN subjects s ON s.id = r.subject_id
                    WHERE s.id = ? AND s.owner_id = ? AND r.review_time >= ?
                    """, arguments: [subjectID, owner.id, Int64((since.timeIntervalSince1970 * 1000).rounded(.down))]
            ).map { Date(timeIntervalSince1970: Double($0) * 900) }
        }
    }

    private static func logSums(_ row: Row) -> ProgressSums.LogSums {
        ProgressSums.LogSums(reviews: row["reviews"], learnt: Int(row["learnt"] as Double), recalled: Int(row["recalled"] as Double))
    }
}
