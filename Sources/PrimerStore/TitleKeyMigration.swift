import GRDB
import PrimerCore

/// Migration "v4-title-keys": recomputes `subjects.title_key` with `SubjectTitle.key` (NFC,
/// without invisible format characters, whitespace collapsed), so subjects stored before it are
/// found by any spelling that looks the same.
enum TitleKeyMigration {
    static func run(_ db: Database) throws {
        let rows = try Row.fetchAll(db, sql: "SELECT id, title, title_key FROM subjects ORDER BY id")
        // Keys are compared as bytes, as SQLite compares them: Swift's String equality would
        // take "café" in NFC and in NFD to be equal.
        var taken = Set(rows.map { Array(($0["title_key"] as String).utf8) })
        for row in rows {
            let id: Int64 = row["id"]
            let old = Array((row["title_key"] as String).utf8)
            let key = SubjectTitle.key(row["title"])
            // Two subjects stored under spellings that now share a key (say "Café" in NFC and in
            // NFD) are both kept as they are: the oldest gets the key, the other keeps its old
            // one (it is still listed, and its kit is intact). Merging kits is not a migration's job.
            let keyBytes = Array(key.utf8)
            guard keyBytes != old, !taken.contains(keyBytes) else { continue }
            try db.execute(sql: "UPDATE subjects SET title_key = ? WHERE id = ?", arguments: [key, id])
            taken.remove(old)
            taken.insert(keyBytes)
        }
    }
}
