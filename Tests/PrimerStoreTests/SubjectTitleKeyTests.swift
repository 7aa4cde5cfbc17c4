import Foundation
import GRDB
import PrimerCore
import Testing
@testable import PrimerStore

/// "Café" in NFC, in NFD and with a zero-width space is one subject, in new stores and in stores
/// written before titles were normalised.
@Suite struct SubjectTitleKeyTests {
    static let nfc = "Caf\u{00E9}"
    static let nfd = "Cafe\u{0301}"
    static let zeroWidth = "Ca\u{200B}f\u{00E9}"

    @Test func lookalikeTitlesAreOneSubject() async throws {
        let folder = try TempFolder()
        let store = try folder.store()
        let first = try await store.upsertSubject(title: Self.nfc, notes: "", kind: .general, instructions: "")
        let second = try await store.upsertSubject(title: Self.nfd, notes: "n", kind: .general, instructions: "")
        let third = try await store.upsertSubject(title: Self.zeroWidth + "  ", notes: "n", kind: .general, instructions: "")
        #expect(second.id == first.id && third.id == first.id)
        #expect(try await store.subject(titled: "caf\u{00E9}")?.id == first.id)
        #expect(try rawCount(folder.path("primer.sqlite"), "subjects") == 1)

        // A new subject is stored under its normalised spelling.
        let tea = try await store.upsertSubject(title: "Te\u{0301}\u{200B}  ceremony", notes: "", kind: .general, instructions: "")
        #expect(Array(tea.title.utf8) == Array("T\u{00E9} ceremony".utf8))
        #expect(try await store.deleteSubject(title: "t\u{00E9} CEREMONY"))
    }

    /// A store written before this change has keys that are only trimmed and lowercased: the
    /// migration recomputes them, so the NFD subject is found by its NFC spelling.
    @Test func theMigrationRekeysStoredSubjects() async throws {
        let folder = try TempFolder()
        let path = folder.path("old.sqlite")
        let queue = try DatabaseQueue(path: path)
        try Schema.migrator.migrate(queue, upTo: "v3-work-claims")
        try await queue.write { db in
            let now = Date()
            for (title, key) in [(Self.nfd, "cafe\u{0301}"), ("Physics\u{200B}", "physics\u{200B}"), ("Caf\u{00E9}\u{00AD}", "caf\u{00E9}\u{00AD}")] {
                try db.execute(
                    sql: "INSERT INTO subjects (title, title_key, created_at, updated_at) VALUES (?, ?, ?, ?)",
                    arguments: [title, key, now, now])
            }
        }
        try queue.close()

        let store = try SQLiteStore(path: path)
        let cafe = try #require(try await store.subject(titled: Self.nfc))
        #expect(Array(cafe.title.utf8) == Array(Self.nfd.utf8), "the shown title is left as it was")
        #expect(try await store.subject(titled: "physics")?.title == "Physics\u{200B}")
        // The third spelled "Café" too: it keeps its old key rather than lose its kit in a merge.
        #expect(try await store.upsertSubject(title: Self.zeroWidth, notes: "", kind: .general, instructions: "").id == cafe.id)
        #expect(try rawCount(path, "subjects") == 3)
    }
}
