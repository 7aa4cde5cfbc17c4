import Foundation
import PostgresNIO
import PrimerCore

/// `primer stats` summed in SQL, as `SQLiteStore+Progress` (`power` is the libm `pow`): the owner
/// checked on the plan's statement, the sums read through the indexes.
extension PostgresStore {
    public func progressSums(subjectID: Int64, now: Date, endOfToday: Date, curve: RecallCurve, leechLapses: Int) async throws -> ProgressSums {
        try await read { connection in
            // As SQLite's: the plan (the owner checked here), then sums read through the indexes.
            let places = try await connection.rows(
                """
                SELECT st.id, t.title AS topic, st.title AS subtopic FROM subtopics st JOIN topics t ON t.id = st.topic_id
                JOIN subjects s ON s.id = t.subject_id WHERE s.id = \(subjectID) AND s.owner_id = \(owner.id)
                ORDER BY t.position, st.position, st.id
                """, logger)
            guard !places.isEmpty else { return ProgressSums(subtopics: [], log: .init(), leeches: []) }
            var logs: [Int64: ProgressSums.LogSums] = [:]
            for row in try await connection.rows(
                """
                SELECT x.subtopic_id AS id, COUNT(*) AS reviews, COUNT(*) FILTER (WHERE r.state = 2) AS learnt,
                    COUNT(*) FILTER (WHERE r.state = 2 AND r.rating <> 1) AS recalled
                FROM review_log r JOIN items x ON x.id = r.item_id
                WHERE r.subject_id = \(subjectID) AND x.shape <> 'lesson'
                    AND x.subtopic_id IN (SELECT st.id FROM subtopics st JOIN topics t ON t.id = st.topic_id WHERE t.subject_id = \(subjectID))
                GROUP BY x.subtopic_id
                """, logger)
            {
                logs[try row.value("id")] = try Self.logSums(row)
            }
            // As SQLite's: cards counted on the subtopics' covering index, memories summed through
            // their subject.
            var cards: [Int64: Int] = [:]
            for row in try await connection.rows(
                """
                SELECT x.subtopic_id AS id, COUNT(*) AS cards FROM items x WHERE x.shape <> 'lesson'
                    AND x.subtopic_id IN (SELECT st.id FROM subtopics st JOIN topics t ON t.id = st.topic_id WHERE t.subject_id = \(subjectID))
                GROUP BY x.subtopic_id
                """, logger)
            {
                cards[try row.value("id")] = try row.int("cards")
            }
            var sums: [Int64: PostgresRandomAccessRow] = [:]
            for row in try await connection.rows(
                """
                SELECT x.subtopic_id AS id, COUNT(*) AS studied,
                    COALESCE(SUM(CASE WHEN m.last_review IS NULL OR m.stability IS NULL THEN 0.0
                        ELSE power(1 + \(curve.factor) * GREATEST(0, floor((\(now.timeIntervalSince1970) - m.last_review) / 86400.0)) / NULLIF(m.stability, 0),
                            \(curve.decay)) END), 0) AS recall,
                    COUNT(*) FILTER (WHERE m.due < \(endOfToday.timeIntervalSince1970)) AS due_today, COALESCE(SUM(m.lapses), 0)::bigint AS lapses,
                    COUNT(*) FILTER (WHERE m.lapses >= \(leechLapses)) AS leeches
                FROM memory_states m JOIN items x ON x.id = m.item_id
                WHERE m.subject_id = \(subjectID)
                GROUP BY x.subtopic_id
                """, logger)
            {
                sums[try row.value("id")] = row
            }
            let subtopics = try places.compactMap { place -> ProgressSums.Subtopic? in
                let id: Int64 = try place.value("id")
                guard let count = cards[id] else { return nil }
                let row = sums[id]
                return ProgressSums.Subtopic(
                    id: id, topic: try place.value("topic"), subtopic: try place.value("subtopic"), cards: count,
                    new: max(0, count - (try row?.int("studied") ?? 0)), recall: try row?.value("recall", as: Double.self) ?? 0,
                    dueToday: try row?.int("due_today") ?? 0, lapses: try row?.int("lapses") ?? 0, log: logs[id] ?? .init())
            }
            let whole = try await connection.row(
                """
                SELECT COUNT(*) AS reviews, COUNT(*) FILTER (WHERE r.state = 2) AS learnt,
                    COUNT(*) FILTER (WHERE r.state = 2 AND r.rating <> 1) AS recalled
                FROM review_log r JOIN subjects s ON s.id = r.subject_id WHERE s.id = \(subjectID) AND s.owner_id = \(owner.id)
                """, logger
            ).map(Self.logSums) ?? .init()
            // The leeches in kit order, read from the subtopics that have any (most have none).
            let withLeeches = try sums.filter { try $0.value.int("leeches") > 0 }.map(\.key)
            let leeches = withLeeches.isEmpty ? [] : try await connection.rows(
                """
                SELECT x.id, x.subtopic_id FROM items x JOIN memory_states m ON m.item_id = x.id
                JOIN subtopics st ON st.id = x.subtopic_id JOIN topics t ON t.id = st.topic_id
                WHERE x.subtopic_id = ANY(\(withLeeches)) AND x.shape <> 'lesson' AND m.lapses >= \(leechLapses)
                ORDER BY t.position, st.position, x.family, x.position, x.id
                """, logger
            ).map { ProgressSums.LeechPlace(item: try $0.value("id"), subtopic: try $0.value("subtopic_id")) }
            return ProgressSums(subtopics: subtopics, log: whole, leeches: leeches)
        }
    }

    public func reviewQuarters(subjectID: Int64, since: Date) async throws -> [Date] {
        try await read { connection in
            try await connection.rows(
                """
                SELECT DISTINCT r.review_time / 900000 AS quarter FROM review_log r JOIN subjects s ON s.id = r.subject_id
                WHERE s.id = \(subjectID) AND s.owner_id = \(owner.id) AND r.review_time >= \(Int64((since.timeIntervalSince1970 * 1000).rounded(.down)))
                """, logger
            ).map { Date(timeIntervalSince1970: Double(try $0.value("quarter", as: Int64.self)) * 900) }
        }
    }

    private static func logSums(_ row: PostgresRandomAccessRow) throws -> ProgressSums.LogSums {
        ProgressSums.LogSums(reviews: try row.int("reviews"), learnt: try row.int("learnt"), recalled: try row.int("recalled"))
    }
}
