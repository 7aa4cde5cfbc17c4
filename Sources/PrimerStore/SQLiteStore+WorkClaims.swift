import Foundation
import GRDB
import PrimerCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Claims of work (`WorkKey`) by runs sharing this store; each check-and-take is one transaction.
extension SQLiteStore {
    public func claim(_ work: WorkKey, for owner: WorkOwner, staleAfter: TimeInterval) async throws -> Bool {
        try await write { db in
            let now = Date().timeIntervalSince1970
            if let holder = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT owner, host, pid, heartbeat_at FROM work_claims WHERE work = ?"),
                arguments: [work.description]), holder["owner"] as String != owner.id
            {
                let fresh = now - (holder["heartbeat_at"] as Double) < staleAfter
                let deadHere = holder["host"] as String == owner.host && !WorkOwner.processIsAlive(holder["pid"])
                if fresh && !deadHere { return false }
            }
            try db.cachedStatement(sql: """
                INSERT INTO work_claims (work, owner, host, pid, heartbeat_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (work) DO UPDATE SET
                    owner = excluded.owner, host = excluded.host, pid = excluded.pid, heartbeat_at = excluded.heartbeat_at
                """).execute(arguments: [work.description, owner.id, owner.host, owner.pid, now])
            return true
        }
    }

    public func renewClaims(of owner: WorkOwner) async throws {
        try await write { db in
            try db.cachedStatement(sql: "UPDATE work_claims SET heartbeat_at = ? WHERE owner = ?")
                .execute(arguments: [Date().timeIntervalSince1970, owner.id])
        }
    }

    public func releaseClaim(_ work: WorkKey, of owner: WorkOwner) async throws {
        try await write { db in
            try db.cachedStatement(sql: "DELETE FROM work_claims WHERE work = ? AND owner = ?")
                .execute(arguments: [work.description, owner.id])
        }
    }
}
