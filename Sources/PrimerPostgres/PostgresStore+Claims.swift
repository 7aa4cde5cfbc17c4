import Foundation
import PostgresNIO
import PrimerCore

/// Work claims (`ClaimStore`). A claim is decided under a transaction-scoped advisory lock on its
/// work, so two runs asking at once get one answer each, and only one of them a yes.
extension PostgresStore {
    public func claim(_ work: WorkKey, for owner: WorkOwner, staleAfter: TimeInterval) async throws -> Bool {
        try await write { connection in
            try await connection.run("SELECT pg_advisory_xact_lock(hashtext(\(work.description)))", logger)
            let now = Date().timeIntervalSince1970
            if let holder = try await connection.row(
                "SELECT owner, host, pid, heartbeat_at FROM work_claims WHERE work = \(work.description)", logger),
                try holder.value("owner", as: String.self) != owner.id
            {
                let fresh = now - (try holder.value("heartbeat_at", as: Double.self)) < staleAfter
                let deadHere = try holder.value("host", as: String.self) == owner.host
                    && !WorkOwner.processIsAlive(Int32(try holder.value("pid", as: Int64.self)))
                if fresh && !deadHere { return false }
            }
            try await connection.run(
                """
                INSERT INTO work_claims (work, owner, host, pid, heartbeat_at)
                VALUES (\(work.description), \(owner.id), \(owner.host), \(Int64(owner.pid)), \(now))
                ON CONFLICT (work) DO UPDATE SET
                    owner = excluded.owner, host = excluded.host, pid = excluded.pid, heartbeat_at = excluded.heartbeat_at
                """, logger)
            return true
        }
    }

    public func renewClaims(of owner: WorkOwner) async throws {
        try await write { connection in
            try await connection.run("UPDATE work_claims SET heartbeat_at = \(Date().timeIntervalSince1970) WHERE owner = \(owner.id)", logger)
        }
    }

    public func releaseClaim(_ work: WorkKey, of owner: WorkOwner) async throws {
        try await write { connection in
            try await connection.run("DELETE FROM work_claims WHERE work = \(work.description) AND owner = \(owner.id)", logger)
        }
    }
}
