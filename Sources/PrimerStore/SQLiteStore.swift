import Foundation
import GRDB
import PrimerCore

/// Primer's store: one SQLite file (WAL, foreign keys on) holding subjects, plans, content and
/// the provenance of every generation. Safe to share between tasks and threads.
public final class SQLiteStore: Store, Sendable {
    /// The path the store was opened at.
    public let path: String
    let dbPool: DatabasePool
    /// Whose subjects this view reads and writes by title (`owned(by:)`).
    public let owner: SubjectOwner

    /// Opens the store at `path`, creating it and its folder when missing, and migrates it.
    /// Throws `StoreError` when the file is not a Primer store or cannot be opened for writing;
    /// a refused file is left as it was.
    public init(path: String) throws {
        self.path = path
        owner = .local
        try StoreFile.createFolder(for: path)
        var config = Configuration()
        config.foreignKeysEnabled = true
        config.busyMode = .timeout(10)
        config.label = "PrimerStore"
        config.prepareDatabase { db in SQLiteMath.install(db) }
        // GRDB opens a pool in WAL mode with synchronous = NORMAL: a commit does not wait for
        // fsync (it was a third of the wall time of a generation call, BENCHMARKS.md (a)). The
        // store stays consistent, and a killed process (Ctrl-C, kill -9, the resume test) loses
        // nothing committed; only a power loss or OS crash can roll back the last commits, which
        // the next run regenerates.
        dbPool = try StoreOpenLock.withLock(forStoreAt: path) {
            try StoreFile.inspectIfPresent(path)
            // SQLite would open a file it may not write read-only without saying so.
            try Self.requireWritable(path)
            do {
                let pool = try DatabasePool(path: path, configuration: config)
                OpenStoreFiles.add(path, pool: pool)
                try Self.checkAndMigrate(pool, path: path)
                return pool
            } catch {
                throw Self.storeError(error, path: path)
            }
        }
    }

    /// A store over a pool opened elsewhere (`SQLiteStore(readingOnlyAt:)`, `owned(by:)`).
    init(path: String, pool: DatabasePool, owner: SubjectOwner = .local) {
        self.path = path
        dbPool = pool
        self.owner = owner
    }

    /// The same store (the same pool) seen by `owner`.
    public func owned(by owner: SubjectOwner) -> SQLiteStore {
        owner == self.owner ? self : SQLiteStore(path: path, pool: dbPool, owner: owner)
    }

    /// Refuses foreign and newer databases, then applies the migrations this build knows.
    static func checkAndMigrate(_ dbPool: DatabasePool, path: String) throws {
        let migrator = Schema.migrator
        let (applicationID, objects, superseded, complete) = try dbPool.read { db in
            (
                try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0,
                try Int.fetchOne(db, sql: Self.objectsSQL) ?? 0,
                try migrator.hasBeenSuperseded(db),
                try migrator.hasCompletedMigrations(db)
            )
        }
        if applicationID != Schema.applicationID && objects > 0 { throw StoreError.notPrimerStore(path: path) }
        if superseded { throw StoreError.newerStore(path: path) }
        // An up-to-date store is not written to: opening it to read changes nothing in the file.
        if !complete { try migrator.migrate(dbPool) }
    }

    /// The schema's objects but GRDB's: GRDB commits `grdb_migrations` (and its primary key's
    /// index, `sqlite_autoindex_grdb_migrations_1`) before the first migration commits the
    /// tables with the application id, so a store with only those is a Primer store being made
    /// — counting the index called it foreign to an opener that did not wait (`primer list`
    /// while another process made the store).
    static let objectsSQL = "SELECT COUNT(*) FROM sqlite_master WHERE tbl_name NOT LIKE 'grdb_%'"

    /// Every read of the store after it is open: SQLite's failures become `StoreError`s that name
    /// the file and say what to do (one place, so no command prints a raw SQLite error).
    func read<T: Sendable>(_ body: @Sendable (Database) throws -> T) async throws -> T {
        do { return try await dbPool.read(body) } catch { throw Self.storeError(error, path: path) }
    }

    /// Every write of the store after it is open, one transaction, its failures mapped as `read`'s.
    func write<T: Sendable>(_ body: @Sendable (Database) throws -> T) async throws -> T {
        do { return try await dbPool.write(body) } catch { throw Self.storeError(error, path: path) }
    }

    /// The `StoreError` for what SQLite said about the store at `path`; other errors (a
    /// `StoreError` thrown by the store's own checks) pass as they are.
    static func storeError(_ error: Error, path: String) -> Error {
        guard let error = error as? DatabaseError else { return error }
        let reason = error.message ?? "\(error.resultCode)"
        switch error.resultCode {
        case .SQLITE_NOTADB where FileManager.default.fileExists(atPath: path) && StoreFile.hasSQLiteHeader(path):
            return StoreError.damaged(path: path, reason: reason)
        case .SQLITE_NOTADB:
            return StoreError.notSQLite(path: path)
        case .SQLITE_CORRUPT:
            return StoreError.damaged(path: path, reason: reason)
        case _ where isReadOnly(error, path: path):
            return StoreError.readOnly(path: path)
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return StoreError.busy(path: path)
        case .SQLITE_FULL, .SQLITE_IOERR:
            return StoreError.cannotWrite(path: path, reason: reason)
        case .SQLITE_CANTOPEN, .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_AUTH:
            return StoreError.cannotOpen(path: path, reason: reason)
        default:
            return error
        }
    }

    /// Bumps the subject's `updated_at` after a write under it.
    static func touch(_ db: Database, subjectID: Int64, at date: Date) throws {
        try db.cachedStatement(sql: "UPDATE subjects SET updated_at = ? WHERE id = ?").execute(arguments: [StoredDateText.of(date), subjectID])
    }

    static func requireSubject(_ db: Database, _ subjectID: Int64) throws {
        guard try Bool.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM subjects WHERE id = ?"), arguments: [subjectID]) != nil else {
            throw StoreError.notFound("subject #\(subjectID)")
        }
    }

    static func requireSubtopic(_ db: Database, _ subtopicID: Int64, of subjectID: Int64) throws {
        let owner = try Int64.fetchOne(
            db.cachedStatement(sql: "SELECT t.subject_id FROM subtopics s JOIN topics t ON t.id = s.topic_id WHERE s.id = ?"),
            arguments: [subtopicID])
        guard owner == subjectID else {
            throw StoreError.notFound("subtopic #\(subtopicID) of subject #\(subjectID)")
        }
    }
}
