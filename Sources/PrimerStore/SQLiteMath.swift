import Foundation
import GRDB

/// `pow` and `floor` for SQL (`SQLiteStore+Progress`'s recall curve). SQLite has them only when
/// built with `SQLITE_ENABLE_MATH_FUNCTIONS` — Debian's is, other systems' may not be; a
/// connection without them gets these, which call the same libm functions as
/// `FSRSScheduler.retrievability`. A connection with them keeps SQLite's own (no call into Swift
/// per row).
enum SQLiteMath {
    static func install(_ db: Database) {
        guard (try? db.execute(sql: "SELECT pow(2.0, 0.5), floor(1.5)")) == nil else { return }
        for function in functions { db.add(function: function) }
    }

    /// The two functions, as SQLite's math functions behave (NULL in, NULL out).
    static let functions = [
        DatabaseFunction("pow", argumentCount: 2, pure: true) { values in
            guard let base = Double.fromDatabaseValue(values[0]), let exponent = Double.fromDatabaseValue(values[1]) else { return nil }
            return Foundation.pow(base, exponent)
        },
        DatabaseFunction("floor", argumentCount: 1, pure: true) { values in
            Double.fromDatabaseValue(values[0]).map { $0.rounded(.down) }
        },
    ]
}
