/// What kind of failure an error is, so that a front end can answer it without reading its
/// words: the CLI picks an exit status from it, an HTTP server a status code.
public enum ErrorKind: String, Sendable, Codable, CaseIterable {
    /// What was asked for is not there: a subject, a subtopic, an item key.
    case notFound
    /// The request itself is wrong (a bad value, a time in the future): fix it and ask again.
    case invalid
    /// The request clashes with what it found, or with another change made meanwhile.
    case conflict
    /// The store can be read but not written (the file, its folder or the disk is read-only).
    case readOnly
    /// The store cannot be used as it is: damaged, not a Primer store, or from a newer Primer.
    case unusable
    /// Something needed cannot be reached or opened now (a folder, a server); it may work later.
    case unavailable
    /// Who asks is not known: no session, or one that ended (a server's accounts).
    case unauthenticated
    /// Asked too often or too much; it may work after a wait (a server's limits).
    case rateLimited
}

/// An error that says which kind of failure it is.
public protocol KindedError: Error {
    var kind: ErrorKind { get }
}
