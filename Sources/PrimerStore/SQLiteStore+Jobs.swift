import Foundation
import GRDB
import PrimerCore

/// Generation jobs of `primer serve` (`JobStore`).
extension SQLiteStore {
    public func createJob(owner: SubjectOwner, subjectID: Int64, request: GenerationJobRequest, at date: Date) async throws -> GenerationJob {
        let json = try JobRequestJSON.encode(request)
        return try await write { db in
            try Self.requireSubject(db, subjectID)
            try db.execute(
                sql: "INSERT INTO jobs (owner_id, subject_id, request, status, message, created_at, updated_at) VALUES (?, ?, ?, ?, '', ?, ?)",
                arguments: [owner.id, subjectID, json, JobStatus.queued.rawValue, date, date])
            return GenerationJob(
                id: db.lastInsertedRowID, owner: owner, subjectID: subjectID, request: request, status: .queued, message: "",
                createdAt: date, updatedAt: date)
        }
    }

    public func job(id: Int64) async throws -> GenerationJob? {
        try await read { db in try Row.fetchOne(db, sql: "SELECT * FROM jobs WHERE id = ?", arguments: [id]).map(Self.job) }
    }

    public func updateJob(id: Int64, status: JobStatus, message: String, at date: Date) async throws {
        try await write { db in
            try db.execute(
                sql: "UPDATE jobs SET status = ?, message = ?, updated_at = ? WHERE id = ?", arguments: [status.rawValue, message, date, id])
        }
    }

    public func unfinishedJobs() async throws -> [GenerationJob] {
        try await read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM jobs WHERE status IN ('queued', 'running') ORDER BY id").map(Self.job)
        }
    }

    public func jobCounts(owner: SubjectOwner, since date: Date) async throws -> (started: Int, unfinished: Int) {
        try await read { db in
            let started = try Int.fetchOne(
                db, sql: "SELECT COUNT(*) FROM jobs WHERE owner_id = ? AND created_at >= ?", arguments: [owner.id, date]) ?? 0
            let unfinished = try Int.fetchOne(
                db, sql: "SELECT COUNT(*) FROM jobs WHERE owner_id = ? AND status IN ('queued', 'running')", arguments: [owner.id]) ?? 0
            return (started, unfinished)
        }
    }

    private static func job(_ row: Row) throws -> GenerationJob {
        GenerationJob(
            id: row["id"], owner: SubjectOwner(stored: row["owner_id"]), subjectID: row["subject_id"],
            request: try JobRequestJSON.decode(row["request"]), status: JobStatus(rawValue: row["status"]) ?? .failed,
            message: row["message"], createdAt: row["created_at"], updatedAt: row["updated_at"])
    }
}
