import Foundation
import Logging
import PostgresNIO

/// A statement of the hot study routes, prepared once per connection: PostgresNIO names it by
/// its type and keeps it prepared on each connection it ran on, so PostgreSQL parses and plans it
/// once instead of on every request (planning the due counts took as long as running them).
/// Rows are read by column name, as `PostgresConnection.rows` gives them.
protocol PreparedRead: PostgresPreparedStatement where Row == PostgresRandomAccessRow {}

extension PreparedRead {
    func decodeRow(_ row: PostgresRow) throws -> PostgresRandomAccessRow { row.makeRandomAccess() }
}

extension PostgresConnection {
    /// The rows of a prepared statement.
    func rows<Statement: PreparedRead>(_ statement: Statement, _ logger: Logger) async throws -> [PostgresRandomAccessRow] {
        try await execute(statement, logger: logger).reduce(into: []) { $0.append($1) }
    }

    /// The first row of a prepared statement, or nil.
    func row<Statement: PreparedRead>(_ statement: Statement, _ logger: Logger) async throws -> PostgresRandomAccessRow? {
        try await rows(statement, logger).first
    }
}

/// Bindings in order, each a value the statement's `$n` stands for.
func bindings(_ values: [any PostgresThrowingDynamicTypeEncodable]) throws -> PostgresBindings {
    var bindings = PostgresBindings(capacity: values.count)
    for value in values { try bindings.append(value) }
    return bindings
}
