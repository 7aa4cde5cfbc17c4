import Foundation
import PrimerTestSupport
import Testing

/// What a queued batch must leave in its PostgreSQL store once the workers are done, counted in
/// SQL: every subject planned, every queued subtopic with each family stored once, nothing
/// duplicated, no result of a worker that lost its task, and an empty queue.
enum QueueChecks {
    static let server = PostgresTestServer.shared

    /// Writes a CSV batch file of `count` subjects and returns its path.
    static func batchFile(_ cli: CLIRunner, subjects count: Int, name: String = "subjects.csv") throws -> String {
        let rows = (0..<count).map { "Queued Subject \(String(format: "%03d", $0)),Notes for subject \($0)" }
        return try cli.write((["title,notes"] + rows).joined(separator: "\n") + "\n", to: name).path
    }

    /// Checks the store after a batch of `subjects` subjects with `subtopics` subtopics each and
    /// `families` families per subtopic ran to the end.
    static func expectComplete(_ database: String, subjects: Int, subtopics: Int, families: Int) async throws {
        func count(_ sql: String) async throws -> Int { try await server.count(database, sql) }
        // The queue is empty: every task done, none queued, running or failed.
        #expect(try await count("SELECT COUNT(*) FROM queue_tasks WHERE state <> 'done'") == 0)
        #expect(try await count("SELECT COUNT(*) FROM queue_tasks WHERE subtopic_id = 0") == subjects)
        #expect(try await count("SELECT COUNT(*) FROM queue_tasks WHERE subtopic_id <> 0") == subjects * subtopics)
        // Every subject has one plan, made once.
        #expect(try await count("SELECT COUNT(*) FROM subjects") == subjects)
        #expect(try await count("SELECT COUNT(*) FROM generations WHERE subtopic_id IS NULL AND status = 'ok'") == subjects)
        // Each queued subtopic has every family stored exactly once, and nothing else was stored.
        #expect(
            try await count(
                """
                SELECT COUNT(*) FROM (SELECT g.subtopic_id, g.family FROM generations g JOIN queue_tasks t ON t.subtopic_id = g.subtopic_id
                WHERE g.status = 'ok' GROUP BY 1, 2) AS stored
                """) == subjects * subtopics * families)
        #expect(try await count("SELECT COUNT(*) FROM generations WHERE subtopic_id IS NOT NULL AND status = 'ok'") == subjects * subtopics * families)
        #expect(try await count("SELECT COUNT(*) FROM (SELECT subtopic_id, family FROM generations WHERE status = 'ok' AND subtopic_id IS NOT NULL GROUP BY 1, 2 HAVING COUNT(*) > 1) AS twice") == 0)
        #expect(try await count("SELECT COUNT(*) FROM (SELECT subject_id FROM generations WHERE status = 'ok' AND subtopic_id IS NULL GROUP BY 1 HAVING COUNT(*) > 1) AS twice") == 0)
        #expect(try await count("SELECT COUNT(*) FROM (SELECT subject_id, position FROM topics GROUP BY 1, 2 HAVING COUNT(*) > 1) AS twice") == 0)
        // No failed or discarded generation: no worker made what another had stored.
        #expect(try await count("SELECT COUNT(*) FROM generations WHERE status <> 'ok'") == 0)
        // Items: none twice at one place, each from its family's one stored generation, none without content.
        #expect(try await count("SELECT COUNT(*) FROM (SELECT subtopic_id, family, position FROM items GROUP BY 1, 2, 3 HAVING COUNT(*) > 1) AS twice") == 0)
        #expect(try await count("SELECT COUNT(*) FROM items i JOIN generations g ON g.id = i.generation_id WHERE g.status <> 'ok'") == 0)
        #expect(
            try await count(
                "SELECT COUNT(*) FROM generations g WHERE g.status = 'ok' AND g.subtopic_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM items i WHERE i.generation_id = g.id)") == 0)
        // Claims all released or left by killed workers only; none blocks a later run.
        #expect(try await count("SELECT COUNT(*) FROM queue_tasks WHERE lease_until IS NOT NULL") == 0)
    }

    /// Items per subject title, for comparing a queued batch with the same batch run in one process.
    static func itemsPerSubject(_ database: String) async throws -> [String: Int] {
        let rows = try await server.query(
            database,
            """
            SELECT s.title, COUNT(i.id) FROM subjects s JOIN topics t ON t.subject_id = s.id JOIN subtopics st ON st.topic_id = t.id
            LEFT JOIN items i ON i.subtopic_id = st.id GROUP BY s.title
            """)
        return Dictionary(uniqueKeysWithValues: rows.map { ($0[0], Int($0[1]) ?? -1) })
    }
}
