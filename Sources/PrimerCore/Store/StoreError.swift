import Foundation

/// Why the store could not be opened or written. Every description says what is wrong and what to do,
/// in words any front end can show; a front end adds how its users choose the store
/// (`choosesTheStore`: the CLI names --store and PRIMER_STORE).
public enum StoreError: KindedError, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// The file exists but is not a SQLite database (a text file, an image…).
    case notSQLite(path: String)
    /// A SQLite database that some other program made.
    case notPrimerStore(path: String)
    /// A store written by a newer Primer, with migrations this build does not know.
    case newerStore(path: String)
    /// The path names a directory.
    case isDirectory(path: String)
    /// The parent directory could not be created.
    case cannotCreateDirectory(path: String, reason: String)
    /// SQLite could not open or initialise the file (permissions, read-only disk…).
    case cannotOpen(path: String, reason: String)
    /// The store can be read but not written (the file, its folder or the disk is read-only).
    case readOnly(path: String)
    /// A read-only store made by an older Primer: it must be upgraded, which writes to it.
    case needsUpgrade(path: String)
    /// A Primer store SQLite reports as damaged (a truncated file, overwritten pages): it cannot be
    /// read until it is restored or recovered.
    case damaged(path: String, reason: String)
    /// A write SQLite could not finish (a full disk, an I/O error); nothing of it was stored.
    case cannotWrite(path: String, reason: String)
    /// Another process held the store longer than the busy timeout.
    case busy(path: String)
    /// A row the caller named does not exist (a subtopic of another subject, a deleted subject…).
    case notFound(String)
    /// The caller asked for a write the store does not do (a plan through saveContent…).
    case invalidWrite(String)
    /// A store address that names no store Primer can use (a malformed database address…).
    case invalidAddress(String, reason: String)
    /// A database server that could not be reached or refused the login.
    case unreachable(store: String, reason: String)
    /// A database server that refused a command; nothing of it was stored.
    case refused(store: String, reason: String)
    /// A write that would take what is already someone's: an account's email, a title the owner
    /// already gave another subject. Nothing of it was stored.
    case taken(String)
    /// A worker's write for a queued task it no longer holds: its lease ran out and another
    /// worker took the task over. Nothing of it was stored.
    case leaseLost(task: Int64)

    private static let hint = "Use a new file or a store Primer created."

    public var description: String {
        switch self {
        case .notSQLite(let path):
            "‘\(path)’ is not a Primer store (not a SQLite database). \(Self.hint)"
        case .notPrimerStore(let path):
            "‘\(path)’ is not a Primer store (a SQLite database made by another program). \(Self.hint)"
        case .newerStore(let path):
            "‘\(path)’ was written by a newer version of Primer. Update Primer, or use another store."
        case .isDirectory(let path):
            "‘\(path)’ is a directory, not a store file. Use a file such as ‘\(path)/primer.sqlite’."
        case .cannotCreateDirectory(let path, let reason):
            "Cannot create the folder for the store ‘\(path)’: \(reason). Check permissions, or use a store in a writable location."
        case .cannotOpen(let path, let reason):
            "Cannot open the store ‘\(path)’: \(reason). Check that the file and its folder are writable, or use a store in a writable location."
        case .readOnly(let path):
            "The store ‘\(path)’ is read-only (the file, its folder or the disk cannot be written), and this command writes to it. Make the file and its folder writable, or use a store in a writable location; `list`, `show`, `export` and `docs list` can read it as it is."
        case .needsUpgrade(let path):
            "The store ‘\(path)’ was made by an older Primer and must be upgraded before it can be read, which writes to it, but it is read-only. Make the file and its folder writable and run `primer list` once, or use another store."
        case .damaged(let path, let reason):
            "The store ‘\(path)’ is damaged (\(reason)) and cannot be used as it is. Restore it from a backup, or recover what is readable with `sqlite3 '\(path)' .recover | sqlite3 recovered.sqlite` and use the recovered file as the store."
        case .cannotWrite(let path, let reason):
            "Cannot write to the store ‘\(path)’: \(reason). Nothing of this command was stored; free disk space or fix the disk, then run it again."
        case .busy(let path):
            "The store ‘\(path)’ stayed locked by another Primer process for more than 10 seconds. Nothing of this command was stored; run it again when that process is done."
        case .notFound(let what):
            "Not found in the store: \(what)."
        case .invalidWrite(let what):
            "Invalid store write: \(what)."
        case .invalidAddress(let address, let reason):
            "‘\(address)’ is not a store address Primer can use: \(reason)."
        case .unreachable(let store, let reason):
            "Cannot reach the store ‘\(store)’: \(reason). Check that the server runs and that the user, database and PGPASSWORD are right."
        case .refused(let store, let reason):
            "The store ‘\(store)’ refused the command: \(reason). Nothing of this command was stored."
        case .taken(let what):
            "\(what) is already taken; nothing was stored. Choose another."
        case .leaseLost(let task):
            "Queued task \(task) was taken over by another worker after this worker's lease ran out; nothing of this write was stored (the other worker makes it)."
        }
    }

    public var errorDescription: String? { description }

    /// Whether what to do is to use another store (the front end may say how one is chosen).
    public var choosesTheStore: Bool {
        switch self {
        case .notSQLite, .notPrimerStore, .newerStore, .isDirectory, .cannotCreateDirectory, .cannotOpen, .readOnly, .needsUpgrade,
            .damaged, .invalidAddress:
            true
        case .cannotWrite, .busy, .notFound, .invalidWrite, .unreachable, .refused, .taken, .leaseLost: false
        }
    }

    public var kind: ErrorKind {
        switch self {
        case .notSQLite, .notPrimerStore, .newerStore, .damaged: .unusable
        case .isDirectory, .invalidWrite, .invalidAddress: .invalid
        case .cannotCreateDirectory, .cannotOpen, .cannotWrite, .busy, .unreachable, .refused: .unavailable
        case .readOnly, .needsUpgrade: .readOnly
        case .notFound: .notFound
        case .taken, .leaseLost: .conflict
        }
    }
}

extension StoreError {
    /// Whether the message names where the store is or what its engine said (a path, a URL, an
    /// SQL error): a server logs such a failure and tells its client only that the store is
    /// unavailable.
    public var namesTheStore: Bool {
        switch self {
        case .notFound, .invalidWrite, .taken, .leaseLost: false
        default: true
        }
    }
}
