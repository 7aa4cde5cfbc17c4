import Foundation
import PrimerCore
import PrimerStore
import Testing

@Suite struct DocumentStoreTests {

    @Test(arguments: Engine.allCases) func attachingTheSameDocumentTwiceChangesNothing(engine: Engine) async throws {
        let folder = try TempFolder()
        let store = try await engine.store(in: folder)
        let subject = try await store.upsertSubject(title: "Biology", notes: "", kind: .general, instructions: "")
        let first = try await store.addDocument(subjectID: subject.id, name: "syllabus.pdf", format: "pdf", text: "Week 1\u{0C}Week 2", contentHash: "abc123def456")
        #expect(first.added)
        let again = try await store.addDocument(subjectID: subject.id, name: "copy-of-syllabus.pdf", format: "pdf", text: "Week 1\u{0C}Week 2", contentHash: "abc123def456")
        #expect(!again.added)
        #expect(again.document.id == first.document.id)
        #expect(try await store.documents(subjectID: subject.id).map(\.name) == ["syllabus.pdf"])
        #expect(try await store.documents(subjectID: subject.id).first?.text == "Week 1\u{0C}Week 2")
    }

    @Test(arguments: Engine.allCases) func removeByNameOrHashAndCascadeWithTheSubject(engine: Engine) async throws {
        let folder = try TempFolder()
        let store = try await engine.store(in: folder)
        let subject = try await store.upsertSubject(title: "Biology", notes: "", kind: .general, instructions: "")
        try await store.addDocument(subjectID: subject.id, name: "a.md", format: "md", text: "A", contentHash: "aaaaaaaa1111")
        try await store.addDocument(subjectID: subject.id, name: "b.md", format: "md", text: "B", contentHash: "bbbbbbbb2222")
        #expect(try await store.removeDocument(subjectID: subject.id, name: "a.md"))
        await #expect(try !store.removeDocument(subjectID: subject.id, name: "a.md"))
        #expect(try await store.removeDocument(subjectID: subject.id, name: "bbbbbbbb"))
        try await store.addDocument(subjectID: subject.id, name: "c.md", format: "md", text: "C", contentHash: "cccccccc3333")
        #expect(try await store.deleteSubject(title: "biology"))
        #expect(try await store.counts()[.documents] == 0)
    }
}
