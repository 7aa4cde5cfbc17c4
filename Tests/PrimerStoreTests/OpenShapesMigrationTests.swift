import Foundation
import GRDB
import PrimerCore
import Testing
@testable import PrimerStore

/// `v15-open-shapes` on a store from an earlier release (the committed fixture), both ways it
/// can run: editing the table's schema text, and — where SQLite refuses that edit (defensive
/// mode) — rebuilding the table. Either way every row and every reference to it stays, and an
/// item of a registered shape can be stored.
@Suite struct OpenShapesMigrationTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/release-store/release-store.sqlite")

    @Test(arguments: [true, false]) func theShapeCheckGoesAndNothingElse(editingSchema: Bool) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("open-shapes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("store.sqlite").path
        try FileManager.default.copyItem(atPath: Self.fixture.path, toPath: path)
        let queue = try DatabaseQueue(path: path)
        try Schema.migrator.migrate(queue, upTo: "v14-email-keys")
        func snapshot(_ db: Database) throws -> [String] {
            try ["items", "memory_states", "known_items", "item_rewrites", "review_log"].map { table in
                "\(table): \(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? -1)"
            } + [try String.fetchAll(db, sql: "SELECT id || ':' || shape || ':' || fields FROM items ORDER BY id").joined(separator: "\n")]
        }
        let before = try queue.read(snapshot)
        let indexes = try queue.read { try String.fetchAll($0, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'items' ORDER BY name") }
        #expect(try queue.read { try String.fetchOne($0, sql: "SELECT sql FROM sqlite_master WHERE name = 'items'") }?.contains("shape IN") == true)

        // As the migrator runs a migration: foreign keys off, checked before the commit.
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            try db.inTransaction {
                try Schema.dropShapeCheck(db, editingSchema: editingSchema)
                #expect(try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").isEmpty)
                return .commit
            }
            try db.execute(sql: "PRAGMA foreign_keys = ON")
        }
        #expect(try queue.read(snapshot) == before, "every row kept, with its id")
        #expect(try queue.read { try String.fetchAll($0, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'items' ORDER BY name") } == indexes)
        #expect(try queue.read { try String.fetchOne($0, sql: "PRAGMA integrity_check") } == "ok")
        try queue.write { db in
            try db.execute(sql: """
                INSERT INTO items (subtopic_id, family, shape, position, fields, generation_id)
                SELECT subtopic_id, 'ordering', 'ordering', 99, '{"prompt":"p","steps":["a","b","c"]}', generation_id FROM items LIMIT 1
                """)
        }
        // The rest of the migrations run on it, and the store opens.
        try Schema.migrator.migrate(queue)
        #expect(try queue.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM items WHERE shape = 'ordering'") } == 1)
    }
}
