import Foundation
import GRDB
import PrimerCore

/// Whole-store copies (`StoreTransfer`): rows with their ids, read in key order, loaded into an
/// empty store in one transaction.
extension SQLiteStore {
    public func rows(of table: StoreTables.Table) async throws -> [[StoreValue]] {
        let columns = table.columns.map(\.name).joined(separator: ", ")
        return try await read { db in
            try Row.fetchAll(db, sql: "SELECT \(columns) FROM \(table.name) ORDER BY \(table.key)").map { row in
                try table.columns.enumerated().map { index, column in try Self.value(row[index], column.kind) }
            }
        }
    }

    public func load(_ rows: [(table: StoreTables.Table, rows: [[StoreValue]])]) async throws {
        let rows = rows.map { TableRows(table: $0.table, rows: $0.rows) }
        try await write { db in
            let held = try Int.fetchOne(db, sql: "SELECT (SELECT COUNT(*) FROM subjects) + (SELECT COUNT(*) FROM response_cache) + (SELECT COUNT(*) FROM accounts)") ?? 0
            guard held == 0 else { throw StoreError.invalidWrite("the store to copy into must be empty, and ‘\(self.path)’ is not") }
            for part in rows {
                let columns = part.table.columns.map(\.name)
                let statement = try db.makeStatement(
                    sql: "INSERT INTO \(part.table.name) (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))")
                for row in part.rows {
                    try statement.execute(arguments: StatementArguments(row.map(Self.databaseValue)))
                }
            }
        }
    }

    private struct TableRows: Sendable {
        var table: StoreTables.Table
        var rows: [[StoreValue]]
    }

    private static func value(_ value: DatabaseValue, _ kind: StoreTables.ColumnType) throws -> StoreValue {
        if value.isNull { return .null }
        switch kind {
        case .int: return Int64.fromDatabaseValue(value).map(StoreValue.int) ?? .null
        case .double: return Double.fromDatabaseValue(value).map(StoreValue.double) ?? .null
        case .text: return String.fromDatabaseValue(value).map(StoreValue.text) ?? .null
        case .bool: return Bool.fromDatabaseValue(value).map(StoreValue.bool) ?? .null
        case .date:
            guard let date = Date.fromDatabaseValue(value) else { throw StoreError.invalidWrite("a date the store cannot read: \(value)") }
            return .date(date)
        }
    }

    private static func databaseValue(_ value: StoreValue) -> DatabaseValue {
        switch value {
        case .null: .null
        case .int(let int): int.databaseValue
        case .double(let double): double.databaseValue
        case .text(let text): text.databaseValue
        case .date(let date): date.databaseValue
        case .bool(let bool): bool.databaseValue
        }
    }
}
