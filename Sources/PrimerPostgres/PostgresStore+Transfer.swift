import Foundation
import PostgresNIO
import PrimerCore

/// Whole-store copies (`StoreTransfer`): rows with their ids, read in key order, loaded into an
/// empty database in one transaction; each id sequence then continues after the copied ids.
extension PostgresStore {
    public func rows(of table: StoreTables.Table) async throws -> [[StoreValue]] {
        let columns = table.columns.map(\.name).joined(separator: ", ")
        return try await read { connection in
            try await connection.rows("SELECT \(unescaped: columns) FROM \(unescaped: table.name) ORDER BY \(unescaped: table.key)", logger)
                .map { row in try table.columns.map { column in try Self.value(row, column.name, column.kind) } }
        }
    }

    public func load(_ rows: [(table: StoreTables.Table, rows: [[StoreValue]])]) async throws {
        let parts = rows.map { TableRows(table: $0.table, rows: $0.rows) }
        try await write { connection in
            let held = try await connection.row(
                "SELECT (SELECT COUNT(*) FROM subjects) + (SELECT COUNT(*) FROM response_cache) + (SELECT COUNT(*) FROM accounts) AS n", logger)?.int("n") ?? 0
            guard held == 0 else { throw StoreError.invalidWrite("the store to copy into must be empty, and ‘\(address)’ is not") }
            for part in parts {
                let columns = part.table.columns.map(\.name)
                let sql = "INSERT INTO \(part.table.name) (\(columns.joined(separator: ", "))) VALUES (\((1...columns.count).map { "$\($0)" }.joined(separator: ", ")))"
                for row in part.rows {
                    var binds = PostgresBindings(capacity: row.count)
                    for value in row { Self.bind(value, into: &binds) }
                    try await connection.run(PostgresQuery(unsafeSQL: sql, binds: binds), logger)
                }
                if part.table.columns.first?.name == "id", part.table.key == "id" {
                    try await connection.run(
                        "SELECT setval(pg_get_serial_sequence(\(part.table.name), 'id'), COALESCE((SELECT MAX(id) FROM \(unescaped: part.table.name)), 0) + 1, false)",
                        logger)
                }
            }
        }
    }

    private struct TableRows: Sendable {
        var table: StoreTables.Table
        var rows: [[StoreValue]]
    }

    private static func value(_ row: PostgresRandomAccessRow, _ name: String, _ kind: StoreTables.ColumnType) throws -> StoreValue {
        switch kind {
        case .int: try row.value(name, as: Int64?.self).map(StoreValue.int) ?? .null
        case .double: try row.value(name, as: Double?.self).map(StoreValue.double) ?? .null
        case .text: try row.value(name, as: String?.self).map(StoreValue.text) ?? .null
        case .date: try row.value(name, as: Date?.self).map(StoreValue.date) ?? .null
        case .bool: try row.value(name, as: Bool?.self).map(StoreValue.bool) ?? .null
        }
    }

    private static func bind(_ value: StoreValue, into binds: inout PostgresBindings) {
        switch value {
        case .null: binds.appendNull()
        case .int(let int): binds.append(int)
        case .double(let double): binds.append(double)
        case .text(let text): binds.append(text)
        case .date(let date): binds.append(date)
        case .bool(let bool): binds.append(bool)
        }
    }
}
