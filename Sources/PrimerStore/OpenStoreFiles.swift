import Foundation
import GRDB

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The store files this process has open in SQLite, by device and inode, each as long as a pool
/// on it lives.
///
/// POSIX drops every lock a process holds on a file when the process closes any descriptor of
/// that file. SQLite keeps its own descriptors open for that reason, but a header read with a
/// descriptor of our own (`StoreFile.inspect`) while a pool had the file open dropped the
/// pool's shared lock without SQLite knowing: another process closing the store then found
/// itself alone, checkpointed and deleted the WAL this process was still using, and a change
/// made meanwhile was lost (a card deleted during `generate --rewrite-leeches`, which reads the
/// store and then opens it to write, came back). So a file open here is never opened again
/// outside SQLite: the pool that opened it checked it. Both openings (`SQLiteStore(path:)` and
/// `SQLiteStore(readingOnlyAt:)`) check, open and record under `StoreOpenLock`, so no check
/// falls between another thread's opening and its record. (A pool's entry goes when the pool
/// does, a moment before SQLite closes its files.)
enum OpenStoreFiles {
    private struct FileID: Hashable {
        let device: UInt64
        let inode: UInt64
    }

    private final class Entry {
        weak var pool: DatabasePool?
        init(_ pool: DatabasePool) { self.pool = pool }
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var open: [FileID: [Entry]] = [:]

    /// Records that `pool` has the file at `path` open.
    static func add(_ path: String, pool: DatabasePool) {
        guard let id = fileID(path) else { return }
        lock.withLock {
            for key in open.keys { open[key]?.removeAll { $0.pool == nil } }
            open = open.filter { !$0.value.isEmpty }
            open[id, default: []].append(Entry(pool))
        }
    }

    /// Whether a pool of this process has the file at `path` open.
    static func isOpen(_ path: String) -> Bool {
        guard let id = fileID(path) else { return false }
        return lock.withLock {
            open[id]?.removeAll { $0.pool == nil }
            if open[id]?.isEmpty == true { open[id] = nil }
            return open[id] != nil
        }
    }

    private static func fileID(_ path: String) -> FileID? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }
}
