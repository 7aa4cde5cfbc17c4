import Foundation
import PostgresNIO
import PrimerCore

/// Generation jobs of `primer serve` (`JobStore`).
extension PostgresStore {
    public func createJob(owner: SubjectOwner, subjectID: Int64, request: GenerationJobRequest, at date: Date) async throws -> GenerationJob {
        let json = try JobRequestJSON.encode(request)
        return try await write { connection in
            try await Self.lockSubject(connection, subjectID, logger)
            let row = try await connection.row(
                """
                INSERT INTO jobs (owner_id, subject_id, request, status, message, created_at, updated_at)
                VALUES (\(owner.id), \(subjectID), \(json), \(JobStatus.queued.rawValue), '', \(date), \(date)) RETURNING id
                """, logger)
            return GenerationJob(
                id: try row!.value("id"), owner: owner, subjectID: subjectID, request: request, status: .queued, message: "",
                createdAt: date, updatedAt: date)
        }
    }

    public func job(id: Int64) async throws -> GenerationJob? {
        try await read { connection in try await connection.row("SELECT * FROM jobs WHERE id = \(id)", logger).map(Self.job) }
    }

    public func updateJob(id: Int64, status: JobStatus, message: String, at date: Date) async throws {
        try await write { connection in
            try await connection.run(
                "UPDATE jobs SET status = \(status.rawValue), message = \(message), updated_at = \(date) WHERE id = \(id)", logger)
        }
    }

    public func unfinishedJobs() async throws -> [GenerationJob] {
        try await read { connection in
            try await connection.rows("SELECT * FROM jobs WHERE status IN ('queued', 'running') ORDER BY id", logger).map(Self.job)
        }
    }

    public func jobCounts(owner: SubjectOwner, since date: Date) async throws -> (started: Int, unfinished: Int) {
        try await read { connection in
            let row = try await connection.row(
                """
                SELECT (SELECT COUNT(*) FROM jobs WHERE owner_id = \(owner.id) AND created_at >= \(date)) AS started,
                    (SELECT COUNT(*) FROM jobs WHERE owner_id = \(owner.id) AND status IN ('queued', 'running')) AS unfinished
                """, logger)!
            return (try row.int("started"), try row.int("unfinished"))
        }
    }

    private static func job(_ row: PostgresRandomAccessRow) throws -> GenerationJob {
        GenerationJob(
            id: try row.value("id"), owner: SubjectOwner(stored: try row.value("owner_id")), subjectID: try row.value("subject_id"),
            request: try JobRequestJSON.decode(try row.value("request")),
            status: JobStatus(rawValue: try row.value("status")) ?? .failed, message: try row.value("message"),
            createdAt: try row.value("created_at"), updatedAt: try row.value("updated_at"))
    }
}
