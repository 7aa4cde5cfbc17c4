import Foundation
import PrimerStore
import Testing

#if canImport(Glibc)
    import Glibc
#endif

#if os(Linux)
    /// A store opened again in one process — `generate --rewrite-leeches` reads it and then opens
    /// it to write, a server opens it per workspace — keeps SQLite's lock on the file
    /// (`OpenStoreFiles`). Reading the header with a descriptor of our own and closing it dropped
    /// that lock; another process closing the store then deleted the WAL this one still used, and
    /// a card deleted meanwhile came back. The locks are read from /proc/locks.
    @Suite struct StoreLocksTests {
        /// This process's POSIX locks on the file at `path` (`1: POSIX ADVISORY READ <pid> <maj>:<min>:<inode> <start> <end>`).
        static func locks(on path: String) throws -> [String] {
            var info = stat()
            guard stat(path, &info) == 0 else { throw CocoaError(.fileNoSuchFile) }
            let inode = UInt64(info.st_ino)
            return try String(contentsOfFile: "/proc/locks", encoding: .utf8).split(separator: "\n").map(String.init).filter { line in
                let fields = line.split(separator: " ")
                guard fields.count >= 6, fields[1] == "POSIX", Int32(fields[4]) == getpid() else { return false }
                return fields[5].split(separator: ":").last.flatMap { UInt64($0) } == inode
            }
        }

        @Test func openingAStoreAgainInOneProcessKeepsSQLitesLock() throws {
            let folder = try TempFolder()
            let path = folder.path("primer.sqlite")
            let writer = try SQLiteStore(path: path)
            let held = try Self.locks(on: path)
            #expect(!held.isEmpty, "a pool in WAL mode holds a shared lock on its file")
            let reader = try SQLiteStore(readingOnlyAt: path)
            #expect(try Self.locks(on: path).count >= held.count, "opening a reader kept the lock: \(held)")
            let again = try SQLiteStore(path: path)
            #expect(try Self.locks(on: path).count >= held.count, "opening it again kept the lock: \(held)")
            withExtendedLifetime((writer, reader, again)) {}
        }
    }
#endif
