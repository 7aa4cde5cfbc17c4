import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Serialises the opening of stores in one folder, across threads and processes.
///
/// Opening a new store is several steps (read the header, switch to WAL, create the schema), and
/// two primer processes opening one new file at the same moment (two batch runs, a test and the
/// CLI) could see each other's half-made file: SQLite answers "database is locked" to the second
/// WAL switch, and a header read between two steps looks like a foreign database. Holding an
/// exclusive `flock` on the store's folder for those few milliseconds makes each opener see
/// either no file or a finished store. The folder is locked, not a side file, so nothing is left
/// beside the store. Each call opens its own descriptor, so threads of one process exclude each
/// other too.
enum StoreOpenLock {
    /// Runs `body` holding the folder's lock; without a lockable folder (no permission to read
    /// it), runs it unlocked rather than refusing a store that can be opened.
    static func withLock<T>(forStoreAt path: String, _ body: () throws -> T) throws -> T {
        let folder = (path as NSString).deletingLastPathComponent
        let descriptor = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return try body() }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { return try body() }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }
}
