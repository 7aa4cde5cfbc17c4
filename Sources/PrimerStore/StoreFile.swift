import Foundation
import PrimerCore

/// Checks a store path before SQLite touches it, so opening never alters a file that is not ours.
enum StoreFile {
    private static let magic = Data("SQLite format 3\u{0}".utf8)

    /// Creates the parent folder of a new store when it is missing.
    static func createFolder(for path: String) throws {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        if fileManager.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { throw StoreError.isDirectory(path: path) }
            return
        }
        let folder = (path as NSString).deletingLastPathComponent
        guard !folder.isEmpty else { return }
        if fileManager.fileExists(atPath: folder, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw StoreError.cannotCreateDirectory(path: path, reason: "‘\(folder)’ is a file, not a folder")
            }
            return
        }
        do {
            try fileManager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw StoreError.cannotCreateDirectory(path: path, reason: reason(creating: folder, error: error))
        }
    }

    /// Inspects the header of an existing file; a missing file is a new store.
    static func inspectIfPresent(_ path: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return }
        if isDirectory.boolValue { throw StoreError.isDirectory(path: path) }
        try inspect(path)
    }

    /// An empty file or an empty SQLite database becomes a new store; a database whose header
    /// carries Primer's application id is a store; anything else is refused. A file a pool of
    /// this process has open is not read again (`OpenStoreFiles`: closing the descriptor would
    /// drop SQLite's locks).
    static func inspect(_ path: String) throws {
        if OpenStoreFiles.isOpen(path) { return }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw StoreError.cannotOpen(path: path, reason: "the file cannot be read")
        }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 100)) ?? Data()
        if header.isEmpty { return }
        guard header.prefix(16) == magic else { throw StoreError.notSQLite(path: path) }
        guard header.count == 100 else { throw StoreError.damaged(path: path, reason: "the file is cut short: \(header.count) bytes") }
        let applicationID = Int32(bitPattern: bigEndian(header, at: 68))
        if applicationID == Schema.applicationID { return }
        if applicationID != 0 { throw StoreError.notPrimerStore(path: path) }
        // A schema cookie of 0 means no table was ever created. With a WAL file beside it the header
        // may be stale: SQLiteStore checks the schema again once the database is open.
        let schemaCookie = bigEndian(header, at: 40)
        if schemaCookie != 0 && !FileManager.default.fileExists(atPath: path + "-wal") {
            throw StoreError.notPrimerStore(path: path)
        }
    }

    /// Whether the file starts as every SQLite database does (a damaged store still does).
    static func hasSQLiteHeader(_ path: String) -> Bool {
        if OpenStoreFiles.isOpen(path) { return true }
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 16)) == magic
    }

    private static func bigEndian(_ data: Data, at offset: Int) -> UInt32 {
        let start = data.startIndex + offset
        return data[start..<start + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// The first ancestor that exists but is a file explains most failures; else Foundation's message.
    private static func reason(creating folder: String, error: Error) -> String {
        var current = folder
        while !current.isEmpty && current != "/" {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: current, isDirectory: &isDirectory) {
                if !isDirectory.boolValue { return "‘\(current)’ is a file, not a folder" }
                if !FileManager.default.isWritableFile(atPath: current) { return "‘\(current)’ is not writable" }
                break
            }
            current = (current as NSString).deletingLastPathComponent
        }
        return error.localizedDescription
    }
}
