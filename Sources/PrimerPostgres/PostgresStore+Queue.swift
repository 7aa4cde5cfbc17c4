import Foundation
import Logging
import PostgresNIO
import PrimerCore

/// The work queue of `primer batch --enqueue` and `primer worker` (`WorkQueue`), as the
/// best-known PostgreSQL job queues keep theirs: a task is claimed with `FOR UPDATE SKIP LOCKED`
/// (two workers never wait on, or take, the same row), held by a lease the worker renews, and
/// every write a worker makes for it checks the lease in the same transaction.
extension PostgresStore: WorkQueue {
    public func enqueueBatch(name: String, subjects: [QueuedSubject], at date: Date) async throws -> Int64 {
        let requests = try subjects.map { try $0.json() }
        return try await write { connection in
            let id: Int64 = try await connection.row(
                "INSERT INTO queue_batches (name, created_at) VALUES (\(name), \(date)) RETURNING id", logger)!.value("id")
            // One statement for the whole file: 100,000 subjects are one round trip.
            try await connection.run(
                """
                INSERT INTO queue_tasks (batch_id, position, request, created_at)
                SELECT \(id), position - 1, request, \(date) FROM unnest(\(requests)::text[]) WITH ORDINALITY AS r(request, position)
                """, logger)
            return id
        }
    }

    /// The first open task in batch, subject and plan order whose subject has no open task before
    /// it: a subject's subtopics run one after another (each is written from what the earlier
    /// ones stored, as a run one subtopic at a time writes it), workers side by side on others.
    public func claimTask(for worker: WorkOwner, lease: TimeInterval, at date: Date) async throws -> QueueTask? {
        try await write { connection in
            try await connection.row(
                """
                UPDATE queue_tasks SET state = 'running', worker = \(worker.id), host = \(worker.host), pid = \(Int64(worker.pid)),
                    lease_until = \(date.addingTimeInterval(lease)), tries = tries + 1
                WHERE id = (
                    SELECT id FROM queue_tasks q
                    WHERE state IN ('queued', 'running') AND (state = 'queued' OR lease_until < \(date))
                        AND NOT EXISTS (
                            SELECT 1 FROM queue_tasks e
                            WHERE e.batch_id = q.batch_id AND e.position = q.position AND e.subtopic_position < q.subtopic_position
                                AND e.state IN ('queued', 'running'))
                    ORDER BY batch_id, position, subtopic_position
                    FOR UPDATE SKIP LOCKED LIMIT 1)
                RETURNING id, batch_id, request, subtopic_id, tries
                """, logger
            ).map { row in
                let subtopic: Int64 = try row.value("subtopic_id")
                return QueueTask(
                    id: try row.value("id"), batchID: try row.value("batch_id"), subject: try QueuedSubject.decode(try row.value("request")),
                    subtopicID: subtopic == 0 ? nil : subtopic, tries: try row.int("tries"))
            }
        }
    }

    public func renewLeases(of worker: WorkOwner, lease: TimeInterval, at date: Date) async throws {
        try await write { connection in
            try await connection.run(
                "UPDATE queue_tasks SET lease_until = \(date.addingTimeInterval(lease)) WHERE worker = \(worker.id) AND state = 'running'",
                logger)
        }
    }

    public func expireLeases(onHost host: String, whereDead isDead: @Sendable (Int32) -> Bool, at date: Date) async throws -> Int {
        let pids = try await read { connection in
            try await connection.rows("SELECT DISTINCT pid FROM queue_tasks WHERE state = 'running' AND host = \(host)", logger)
                .map { try $0.value("pid", as: Int64.self) }
        }
        let dead = pids.filter { isDead(Int32(truncatingIfNeeded: $0)) }
        guard !dead.isEmpty else { return 0 }
        return try await write { connection in
            try await connection.rows(
                """
                UPDATE queue_tasks SET lease_until = \(Date(timeIntervalSince1970: 0))
                WHERE state = 'running' AND host = \(host) AND pid = ANY(\(dead)::bigint[]) RETURNING id
                """, logger
            ).count
        }
    }

    public func finishPlanTask(_ lease: TaskLease, subtopics: [Int64], at date: Date) async throws {
        try await write { connection in
            try await Self.checkLease(connection, lease, logger)
            // A plan task run again (retried, or after its worker died) queues what is missing only.
            try await connection.run(
                """
                INSERT INTO queue_tasks (batch_id, position, subtopic_id, subtopic_position, request, created_at)
                SELECT t.batch_id, t.position, s.id, s.position, t.request, \(date)
                FROM queue_tasks t, unnest(\(subtopics)::bigint[]) WITH ORDINALITY AS s(id, position)
                WHERE t.id = \(lease.task)
                ON CONFLICT (batch_id, position, subtopic_id) DO NOTHING
                """, logger)
            try await Self.finish(connection, lease, error: nil, at: date, logger)
        }
    }

    public func finishTask(_ lease: TaskLease, error: String?, at date: Date) async throws {
        try await write { connection in
            try await Self.checkLease(connection, lease, logger)
            try await Self.finish(connection, lease, error: error, at: date, logger)
        }
    }

    public func releaseTask(_ lease: TaskLease) async throws {
        try await write { connection in
            try await connection.run(
                """
                UPDATE queue_tasks SET state = 'queued', worker = NULL, host = NULL, pid = NULL, lease_until = NULL
                WHERE id = \(lease.task) AND worker = \(lease.worker.id) AND state = 'running'
                """, logger)
        }
    }

    public func saveContent(
        _ lease: TaskLease, subjectID: Int64, subtopicID: Int64, output: GeneratedOutput, generation: GenerationRecord
    ) async throws -> Bool {
        try StoreRules.checkContent(output, generation)
        return try await write { connection in
            try await Self.checkLease(connection, lease, logger)
            return try await Self.saveContent(
                connection, subjectID: subjectID, subtopicID: subtopicID, output: output, generation: generation, replacing: false, logger)
        }
    }

    public func recordFailure(_ lease: TaskLease, subjectID: Int64, subtopicID: Int64?, generation: GenerationRecord) async throws {
        try await write { connection in
            try await Self.checkLease(connection, lease, logger)
            try await Self.recordFailure(connection, subjectID: subjectID, subtopicID: subtopicID, generation: generation, logger)
        }
    }

    public func hasOpenTasks() async throws -> Bool {
        try await read { connection in
            try await connection.row("SELECT 1 AS one FROM queue_tasks WHERE state IN ('queued', 'running') LIMIT 1", logger) != nil
        }
    }

    public func queueStatus(batch: Int64?, at date: Date) async throws -> [QueueStatus] {
        try await read { connection in
            let chosen: PostgresQuery =
                "SELECT id, name, created_at FROM queue_batches WHERE \(batch)::bigint IS NULL OR id = \(batch) ORDER BY id"
            var statuses: [QueueStatus] = []
            for row in try await connection.rows(chosen, logger) {
                let id: Int64 = try row.value("id")
                statuses.append(try await Self.status(connection, batch: id, name: try row.value("name"), enqueuedAt: try row.value("created_at"), at: date, logger))
            }
            return statuses
        }
    }

    public func retryFailed(batch: Int64?) async throws -> Int {
        try await write { connection in
            try await connection.rows(
                """
                UPDATE queue_tasks SET state = 'queued', error = NULL, worker = NULL, host = NULL, pid = NULL, lease_until = NULL,
                    finished_at = NULL
                WHERE state = 'failed' AND (\(batch)::bigint IS NULL OR batch_id = \(batch)) RETURNING id
                """, logger
            ).count
        }
    }

    /// Locks the task's row and checks that `lease` still holds it; else `StoreError.leaseLost`.
    static func checkLease(_ connection: PostgresConnection, _ lease: TaskLease, _ logger: Logger) async throws {
        let held = try await connection.row(
            "SELECT 1 AS one FROM queue_tasks WHERE id = \(lease.task) AND worker = \(lease.worker.id) AND state = 'running' FOR UPDATE",
            logger)
        if held == nil { throw StoreError.leaseLost(task: lease.task) }
    }

    private static func finish(_ connection: PostgresConnection, _ lease: TaskLease, error: String?, at date: Date, _ logger: Logger) async throws {
        try await connection.run(
            """
            UPDATE queue_tasks SET state = \(error == nil ? "done" : "failed"), error = \(error), finished_at = \(date), lease_until = NULL
            WHERE id = \(lease.task)
            """, logger)
    }

    /// One batch's counts, workers, rate and failures.
    private static func status(
        _ connection: PostgresConnection, batch: Int64, name: String, enqueuedAt: Date, at date: Date, _ logger: Logger
    ) async throws -> QueueStatus {
        let tasks = try await connection.row(
            """
            SELECT COUNT(*) FILTER (WHERE state = 'queued') AS queued, COUNT(*) FILTER (WHERE state = 'running') AS running,
                COUNT(*) FILTER (WHERE state = 'done') AS done, COUNT(*) FILTER (WHERE state = 'failed') AS failed,
                COUNT(*) FILTER (WHERE subtopic_id <> 0) AS subtopic_tasks,
                COUNT(*) FILTER (WHERE subtopic_id = 0 AND state = 'done') AS planned,
                COUNT(*) FILTER (WHERE subtopic_id = 0 AND state IN ('queued', 'running')) AS unplanned,
                COUNT(*) FILTER (WHERE finished_at >= \(date.addingTimeInterval(-60))) AS last_minute
            FROM queue_tasks WHERE batch_id = \(batch)
            """, logger)!
        // A subject is running while a task of it runs, queued while one waits, failed when one
        // failed and nothing of it is left to run, and done when all of its tasks are.
        let subjects = try await connection.row(
            """
            SELECT COUNT(*) FILTER (WHERE r) AS running, COUNT(*) FILTER (WHERE NOT r AND q) AS queued,
                COUNT(*) FILTER (WHERE NOT r AND NOT q AND f) AS failed, COUNT(*) FILTER (WHERE NOT r AND NOT q AND NOT f) AS done
            FROM (SELECT position, bool_or(state = 'running') AS r, bool_or(state = 'queued') AS q, bool_or(state = 'failed') AS f
                  FROM queue_tasks WHERE batch_id = \(batch) GROUP BY position) AS s
            """, logger)!
        let workers = try await connection.rows(
            """
            SELECT DISTINCT host, pid FROM queue_tasks
            WHERE batch_id = \(batch) AND state = 'running' AND lease_until >= \(date) ORDER BY host, pid
            """, logger
        ).map { "\(try $0.value("host", as: String.self)):\(try $0.value("pid", as: Int64.self))" }
        let failures = try await connection.rows(
            """
            SELECT t.request, t.error, s.title FROM queue_tasks t LEFT JOIN subtopics s ON s.id = t.subtopic_id
            WHERE t.batch_id = \(batch) AND t.state = 'failed' ORDER BY t.position, t.subtopic_position LIMIT 50
            """, logger
        ).map { row in
            QueueStatus.Failure(
                subject: (try? QueuedSubject.decode(try row.value("request")))?.title ?? "?",
                subtopic: try row.value("title", as: String?.self), error: try row.value("error", as: String?.self) ?? "")
        }
        let counts = QueueStatus.Counts(
            queued: try tasks.int("queued"), running: try tasks.int("running"), done: try tasks.int("done"), failed: try tasks.int("failed"))
        let lastMinute = try tasks.int("last_minute")
        // The rate over the last minute, or since the batch was enqueued when that is sooner.
        let window = max(1, min(60, date.timeIntervalSince(enqueuedAt)))
        // Plans not made yet will add about as many subtopic tasks as the plans made so far did.
        let planned = try tasks.int("planned")
        let perPlan = planned > 0 ? Double(try tasks.int("subtopic_tasks")) / Double(planned) : 0
        let left = Double(counts.queued + counts.running) + Double(try tasks.int("unplanned")) * perPlan
        return QueueStatus(
            batch: batch, name: name, enqueuedAt: enqueuedAt,
            subjects: QueueStatus.Counts(
                queued: try subjects.int("queued"), running: try subjects.int("running"), done: try subjects.int("done"),
                failed: try subjects.int("failed")),
            tasks: counts, workers: workers, finishedLastMinute: lastMinute,
            etaSeconds: left == 0 ? 0 : lastMinute > 0 ? left / (Double(lastMinute) / window) : nil, failures: failures)
    }
}
