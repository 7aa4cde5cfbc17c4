import Foundation
import Logging
import PostgresNIO
import PrimerCore

/// Primer's store in a PostgreSQL database: the same ports as `SQLiteStore`, for a store that many
/// processes and machines share. Every write is one transaction; where a write checks before it
/// changes (a content save, a rewrite, a claim) it first locks the rows it depends on, so two
/// writers never both act on what they read. A rating is the one write of two statements without
/// a transaction: its write stores only if what it read is unchanged (`review`).
public final class PostgresStore: Store, Sendable {
    /// The store's address without its password, for messages.
    public let address: String
    /// Whose subjects this view reads and writes by title (`owned(by:)`).
    public let owner: SubjectOwner
    let logger: Logger
    private let pool: Pool
    var client: PostgresClient { pool.client }
    /// The ratings being stored together, shared by every view of the store.
    var ratings: RatingBatches { pool.ratings }
    /// The whole-subject queues being read together, shared by every view of the store.
    var queueHeads: QueueHeadBatches { pool.queueHeads }

    /// The connection pool and the task that runs it, shared by every view of the store
    /// (`owned(by:)`): the last view to go stops it.
    private final class Pool: Sendable {
        let client: PostgresClient
        let running: Task<Void, Never>
        let ratings = RatingBatches()
        let queueHeads = QueueHeadBatches()

        init(_ configuration: PostgresClient.Configuration, logger: Logger) {
            let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
            self.client = client
            running = Task { await client.run() }
        }

        deinit { running.cancel() }
    }

    /// Connects to the database at `url` (`postgres://user@host[:port]/database`, or a socket's folder),
    /// creates the schema in an empty database and applies the migrations this build knows.
    /// Throws `StoreError` when the server cannot be reached, refuses the login, or holds a
    /// database Primer did not make (or a newer Primer did).
    public static func open(_ url: PostgresURL) async throws -> PostgresStore {
        let store = PostgresStore(url)
        do {
            try await store.checkReachable(url)
            try await PostgresSchema.migrate(store)
        } catch {
            store.close()
            throw error
        }
        return store
    }

    private init(_ url: PostgresURL) {
        address = url.redacted
        var configuration = if let socket = url.socketPath {
            PostgresClient.Configuration(unixSocketPath: socket, username: url.user, password: url.password, database: url.database)
        } else {
            PostgresClient.Configuration(
                host: url.host, port: url.port, username: url.user, password: url.password, database: url.database, tls: .disable)
        }
        configuration.options.connectTimeout = .seconds(10)
        configuration.options.maximumConnections = 8
        // A client cut off inside a transaction (a worker whose network went down) would hold its
        // row locks until TCP gives up, hours later; every Primer transaction is short, so the
        // server ends one left idle this long and other workers go on.
        configuration.options.additionalStartupParameters = [("idle_in_transaction_session_timeout", "30000")]
        var logger = Logger(label: "primer.postgres")
        logger.logLevel = .critical
        self.logger = logger
        owner = .local
        pool = Pool(configuration, logger: logger)
    }

    private init(viewOf store: PostgresStore, owner: SubjectOwner) {
        address = store.address
        logger = store.logger
        pool = store.pool
        self.owner = owner
    }

    /// The same store (the same connections) seen by `owner`.
    public func owned(by owner: SubjectOwner) -> PostgresStore {
        owner == self.owner ? self : PostgresStore(viewOf: self, owner: owner)
    }

    /// One connection of its own before the pool is used: the pool retries a server it cannot
    /// reach and then says only that it gave up; this says why (refused, no such database,
    /// wrong password).
    private func checkReachable(_ url: PostgresURL) async throws {
        let configuration = if let socket = url.socketPath {
            PostgresConnection.Configuration(unixSocketPath: socket, username: url.user, password: url.password, database: url.database)
        } else {
            PostgresConnection.Configuration(
                host: url.host, port: url.port, username: url.user, password: url.password, database: url.database, tls: .disable)
        }
        do {
            let connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
            try await connection.close()
        } catch {
            throw storeError(error)
        }
    }

    /// Closes the connections. The store is not used after this.
    public func close() {
        pool.running.cancel()
    }

    /// Every read, and a rating (its statements check what they depend on): one connection from
    /// the pool, no transaction, PostgreSQL's failures mapped (`storeError`).
    func read<T: Sendable>(_ body: (PostgresConnection) async throws -> T) async throws -> T {
        do {
            return try await client.withConnection { connection in try await body(connection) }
        } catch {
            throw storeError(error)
        }
    }

    /// Every write: one transaction, committed when `body` returns, rolled back when it throws.
    /// A transaction PostgreSQL ended to break a deadlock stored nothing and is run again, up to
    /// twice: rating batches lock many items at once, so an edit or a regeneration meeting one
    /// may be the one PostgreSQL ends.
    func write<T: Sendable>(_ body: (PostgresConnection) async throws -> T) async throws -> T {
        var attempt = 0
        while true {
            do {
                return try await client.withTransaction(logger: logger) { connection in try await body(connection) }
            } catch where attempt < 2 && Self.endedByDeadlock(error) {
                attempt += 1
            } catch {
                throw storeError(error)
            }
        }
    }

    /// Whether PostgreSQL ended the transaction to break a deadlock (or a serialization failure).
    static func endedByDeadlock(_ error: Error) -> Bool {
        let inner = (error as? PostgresTransactionError).flatMap { $0.closureError ?? $0.beginError ?? $0.commitError } ?? error
        return ["40P01", "40001"].contains((inner as? PSQLError)?.serverInfo?[.sqlState])
    }

    /// The `StoreError` for what PostgreSQL or the connection said; a `StoreError` thrown by the
    /// store's own checks passes as it is.
    func storeError(_ error: Error) -> Error {
        if error is StoreError || error is CancellationError { return error }
        // A transaction's failure: what went wrong inside it, or at its begin or commit.
        if let error = error as? PostgresTransactionError {
            if let inner = error.closureError ?? error.beginError ?? error.commitError { return storeError(inner) }
            return StoreError.refused(store: address, reason: "the transaction failed")
        }
        if let error = error as? PSQLError {
            if let sqlState = error.serverInfo?[.sqlState] {
                let message = error.serverInfo?[.message] ?? sqlState
                switch sqlState {
                case "28P01", "28000":  // invalid password, invalid authorization
                    return StoreError.unreachable(store: address, reason: "the server refused the login: \(message)")
                case "3D000":  // database does not exist
                    return StoreError.unreachable(store: address, reason: message)
                case "22021", "22P05":  // a character the encoding cannot hold (NUL): the client's text, not the store
                    return StoreError.invalidWrite("the text holds a character the store cannot keep (NUL); remove it")
                case "23505":  // a unique key two writers raced for (a title, an email): what SQLite's checks say
                    return StoreError.taken("That name")
                case "25006":  // read-only transaction
                    return StoreError.readOnly(path: address)
                case "53100", "53200", "53300":  // disk full, out of memory, too many connections
                    return StoreError.cannotWrite(path: address, reason: message)
                default:
                    return StoreError.refused(store: address, reason: "\(message) (SQLSTATE \(sqlState))")
                }
            }
            return StoreError.unreachable(store: address, reason: Self.connectionProblem(error))
        }
        return error
    }

    /// What went wrong with the connection, in words (PSQLError's description hides the cause).
    private static func connectionProblem(_ error: PSQLError) -> String {
        if let underlying = error.underlying { return "\(underlying)" }
        return "\(error.code)"
    }
}
