import Foundation
import GRDB
import PrimerCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A store that can be read but not written: a file of mode 0444, a folder of mode 0555, a
/// read-only disk. Commands that only read (`list`, `show`, `export`, `docs list`) open it with
/// `SQLiteStore(readingOnlyAt:)` when the ordinary opening says `StoreError.readOnly`; commands
/// that write get that error, which says what to do.
extension SQLiteStore {
    /// Opens the existing store at `path` for reading only: nothing is created, migrated or
    /// written. Throws `StoreError` when there is no store, it is not a Primer store, it is newer
    /// than this build, or it is older and needs an upgrade (which would write to it).
    public convenience init(readingOnlyAt path: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw StoreError.cannotOpen(path: path, reason: "there is no store there, and none can be made in a read-only place")
        }
        if isDirectory.boolValue { throw StoreError.isDirectory(path: path) }
        let pool = try StoreOpenLock.withLock(forStoreAt: path) {
            try StoreFile.inspect(path)
            let pool = try Self.openReadOnly(path)
            OpenStoreFiles.add(path, pool: pool)
            return pool
        }
        try Self.checkReadable(pool, path: path)
        self.init(path: path, pool: pool)
    }

    /// A pool that only reads. A store in WAL mode needs its `-shm` file beside it; in a folder
    /// nobody may write with no `-shm` left there, SQLite can read it only as an immutable file —
    /// safe here, since nobody can write to it either.
    static func openReadOnly(_ path: String) throws -> DatabasePool {
        var config = Configuration()
        config.readonly = true
        config.foreignKeysEnabled = true
        config.busyMode = .timeout(10)
        config.label = "PrimerStore.readOnly"
        config.prepareDatabase { db in SQLiteMath.install(db) }
        do {
            return try readingPool(path, config)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CANTOPEN || error.resultCode == .SQLITE_READONLY {
            // Changes still in a -wal file would be missed by an immutable open: refuse instead.
            let wal = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
            guard wal == 0 else {
                throw StoreError.cannotOpen(
                    path: path, reason: "its latest changes are in ‘\(path)-wal’, which SQLite can only read with write access to the folder")
            }
            do {
                return try readingPool(immutableURI(path), config)
            } catch {
                throw StoreError.cannotOpen(path: path, reason: (error as? DatabaseError)?.message ?? "\(error)")
            }
        } catch let error as DatabaseError {
            throw StoreError.cannotOpen(path: path, reason: error.message ?? "\(error.resultCode)")
        }
    }

    /// Opens a pool and one reader (readers open lazily; SQLite reports problems on the first).
    private static func readingPool(_ path: String, _ config: Configuration) throws -> DatabasePool {
        let pool = try DatabasePool(path: path, configuration: config)
        try pool.read { db in _ = try Int.fetchOne(db, sql: "PRAGMA schema_version") }
        return pool
    }

    /// `file:/path?immutable=1` (SQLite's URI filenames; the path percent-encoded).
    static func immutableURI(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        return "file:" + (path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path) + "?immutable=1"
    }

    /// Refuses foreign, newer and not yet upgraded stores without writing anything.
    static func checkReadable(_ pool: DatabasePool, path: String) throws {
        let migrator = Schema.migrator
        let (applicationID, objects, superseded, complete) = try pool.read { db in
            (
                try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0,
                try Int.fetchOne(db, sql: Self.objectsSQL) ?? 0,
                try migrator.hasBeenSuperseded(db),
                try migrator.hasCompletedMigrations(db)
            )
        }
        if applicationID != Schema.applicationID && objects > 0 { throw StoreError.notPrimerStore(path: path) }
        if superseded { throw StoreError.newerStore(path: path) }
        if objects == 0 { throw StoreError.cannotOpen(path: path, reason: "it is empty, and read-only, so it cannot become a store") }
        if !complete { throw StoreError.needsUpgrade(path: path) }
    }

    /// Throws `StoreError.readOnly` when the store file exists and this user may not write it
    /// (its mode, a read-only disk): SQLite would open it read-only without saying so, and the
    /// first write of a run would fail deep inside it.
    static func requireWritable(_ path: String) throws {
        guard FileManager.default.fileExists(atPath: path), access(path, W_OK) != 0 else { return }
        throw StoreError.readOnly(path: path)
    }

    /// Whether `error` means "this store exists but cannot be written" rather than a broken store.
    static func isReadOnly(_ error: DatabaseError, path: String) -> Bool {
        switch error.resultCode {
        case .SQLITE_READONLY:
            return true
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH:
            // A store that is there and readable, in a file or folder this user may not write.
            let folder = (path as NSString).deletingLastPathComponent
            return FileManager.default.isReadableFile(atPath: path)
                && (access(path, W_OK) != 0 || access(folder.isEmpty ? "." : folder, W_OK) != 0)
        default:
            return false
        }
    }
}
