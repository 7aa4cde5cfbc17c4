import Foundation
import GRDB
@testable import PrimerStore
import PrimerCore
import Testing

/// Subjects have owners (`primer serve`'s accounts, the terminal's local learner): a title is
/// unique per owner, and a view of the store owned by one sees none of another's subjects.
@Suite struct OwnerStoreTests {
    @Test(arguments: Engine.allCases) func twoOwnersMayEachHaveASubjectOfOneTitleAndSeeOnlyTheirs(engine: Engine) async throws {
        let folder = try TempFolder()
        let store = try await engine.store(in: folder)
        let ana = try await store.createAccount(name: "Ana", email: "ana@example.com", passwordHash: "h1", at: Date())
        let ben = try await store.createAccount(name: "Ben", email: "ben@example.com", passwordHash: "h2", at: Date())
        let anas = store.owned(by: ana.owner)
        let bens = store.owned(by: ben.owner)

        let local = try await store.upsertSubject(title: "Biology", notes: "local", kind: .general, instructions: "")
        let anaBiology = try await anas.upsertSubject(title: "Biology", notes: "ana's", kind: .general, instructions: "")
        let benBiology = try await bens.upsertSubject(title: "biology", notes: "ben's", kind: .general, instructions: "")
        #expect(Set([local.id, anaBiology.id, benBiology.id]).count == 3)
        #expect(anaBiology.owner == ana.owner && benBiology.owner == ben.owner && local.owner == .local)

        // Each owner's title lookups, lists and kits are its own.
        #expect(try await anas.subject(titled: "BIOLOGY")?.notes == "ana's")
        #expect(try await bens.subject(titled: "Biology")?.notes == "ben's")
        #expect(try await store.subject(titled: "Biology")?.notes == "local")
        #expect(try await anas.listSubjects().map(\.id) == [anaBiology.id])
        #expect(try await store.listSubjects().map(\.id) == [local.id])

        let plan = try await anas.replacePlan(subjectID: anaBiology.id, plan: samplePlan, generation: generation("plan"))
        try await anas.saveContent(
            subjectID: anaBiology.id, subtopicID: plan[0].subtopics[0].id, output: .pairs([PairItem(front: "Q", back: "A")]),
            generation: generation("flashcards"))
        #expect(try await anas.studyCards(subjectTitle: nil).count == 1)
        #expect(try await bens.studyCards(subjectTitle: nil).isEmpty)
        #expect(try await bens.studyCards(subjectTitle: "Biology").isEmpty)
        #expect(try await bens.kit(subjectTitle: "Biology")?.topics.isEmpty == true)
        #expect(try await anas.kit(subjectTitle: "Biology")?.topics.count == 2)
        let card = try #require(try await anas.studyCards(subjectTitle: "Biology").first)
        #expect(try await store.itemSubject(itemID: card.id)?.owner == ana.owner)
        // Items are found by id or key only in their owner's view.
        #expect(try await anas.studyCard(id: card.id)?.id == card.id)
        #expect(try await bens.studyCard(id: card.id) == nil)
        #expect(try await store.studyCard(id: card.id) == nil)
        #expect(try await anas.studyItemIDs(keyPrefix: card.key) == [card.id])
        #expect(try await bens.studyItemIDs(keyPrefix: card.key).isEmpty)
        #expect(try await store.studyItemIDs(keyPrefix: card.key).isEmpty)
        #expect(try await store.subject(id: benBiology.id)?.owner == ben.owner)

        // Deleting by title deletes the owner's subject only.
        #expect(try await bens.deleteSubject(title: "Biology"))
        #expect(try await anas.subject(titled: "Biology") != nil)
        #expect(try await store.subject(titled: "Biology") != nil)

        try await anas.setAppearance(subjectID: anaBiology.id, color: "#3366ff", icon: "leaf")
        #expect(try await anas.listSubjects().first.map { [$0.color, $0.icon] } == ["#3366ff", "leaf"])
    }

    @Test(arguments: Engine.allCases) func accountsAreUniqueByEmailAndSessionsEnd(engine: Engine) async throws {
        let folder = try TempFolder()
        let store = try await engine.store(in: folder)
        let now = Date()
        let ana = try await store.createAccount(name: "Ana", email: "Ana@Example.com", passwordHash: "hash", at: now)
        await #expect(throws: StoreError.taken("An account with the email ‘ana@example.com ’")) {
            _ = try await store.createAccount(name: "Other", email: "ana@example.com ", passwordHash: "x", at: now)
        }
        let found = try #require(try await store.account(email: "ANA@example.com"))
        #expect(found.account.id == ana.id && found.passwordHash == "hash")
        #expect(try await store.account(email: "nobody@example.com") == nil)

        try await store.startSession(accountID: ana.id, tokenHash: "t1", expiresAt: now.addingTimeInterval(60), at: now)
        try await store.startSession(accountID: ana.id, tokenHash: "t2", expiresAt: now.addingTimeInterval(-1), at: now)
        let open = try #require(try await store.sessionAccount(tokenHash: "t1", at: now))
        #expect(open.account.id == ana.id && abs(open.expiresAt.timeIntervalSince(now.addingTimeInterval(60))) < 0.01)
        #expect(try await store.sessionAccount(tokenHash: "t1", at: now.addingTimeInterval(61)) == nil)
        #expect(try await store.sessionAccount(tokenHash: "t2", at: now) == nil)
        #expect(try await store.sessionAccount(tokenHash: "nope", at: now) == nil)
        try await store.endSession(tokenHash: "t1", at: now)
        #expect(try await store.sessionAccount(tokenHash: "t1", at: now) == nil)
    }

    @Test(arguments: Engine.allCases) func jobsAreStoredUpdatedAndGoWithTheirSubject(engine: Engine) async throws {
        let folder = try TempFolder()
        let store = try await engine.store(in: folder)
        let ana = try await store.createAccount(name: "Ana", email: "ana@example.com", passwordHash: "h", at: Date())
        let anas = store.owned(by: ana.owner)
        let subject = try await anas.upsertSubject(title: "Chemistry", notes: "", kind: .general, instructions: "")
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        let request = GenerationJobRequest(subtopic: "Atoms", family: "flashcards", provider: "mock", maxSubtopics: 2)
        let first = try await anas.createJob(owner: ana.owner, subjectID: subject.id, request: request, at: start)
        let second = try await anas.createJob(owner: ana.owner, subjectID: subject.id, request: GenerationJobRequest(), at: start.addingTimeInterval(7200))
        #expect(try await store.job(id: first.id) == first)
        #expect(try await store.unfinishedJobs().map(\.id) == [first.id, second.id])

        try await store.updateJob(id: first.id, status: .running, message: "plan", at: start.addingTimeInterval(1))
        try await store.updateJob(id: second.id, status: .succeeded, message: "done", at: start.addingTimeInterval(7201))
        #expect(try await store.job(id: first.id)?.status == .running)
        #expect(try await store.unfinishedJobs().map(\.id) == [first.id])
        let counts = try await store.jobCounts(owner: ana.owner, since: start.addingTimeInterval(3600))
        #expect(counts.started == 1 && counts.unfinished == 1)

        await #expect(throws: StoreError.notFound("subject #999999")) {
            _ = try await anas.createJob(owner: ana.owner, subjectID: 999_999, request: request, at: start)
        }
        #expect(try await anas.deleteSubject(title: "Chemistry"))
        #expect(try await store.job(id: first.id) == nil)
    }
}

@Suite struct AccountsMigrationTests {
    @Test func subjectsOfAnOlderStoreBecomeTheLocalLearnersWithTheirKitsAndIds() async throws {
        let folder = try TempFolder()
        let path = folder.path("old.sqlite")
        // A store at v9, with a kit and a subject whose highest id was deleted.
        do {
            let pool = try DatabasePool(path: path)
            try Schema.migrator.migrate(pool, upTo: "v9-item-sources")
            try await pool.write { db in
                try db.execute(sql: """
                    INSERT INTO subjects (id, title, title_key, created_at, updated_at) VALUES (1, 'Cells', 'cells', '2026-01-01', '2026-01-01');
                    INSERT INTO subjects (id, title, title_key, created_at, updated_at) VALUES (7, 'Gone', 'gone', '2026-01-01', '2026-01-01');
                    DELETE FROM subjects WHERE id = 7;
                    INSERT INTO topics (id, subject_id, position, title) VALUES (1, 1, 0, 'T');
                    INSERT INTO subtopics (id, topic_id, position, title) VALUES (1, 1, 0, 'U');
                    INSERT INTO generations (id, subject_id, subtopic_id, family, family_version, family_hash, provider, model, status,
                        attempts, prompt_tokens, completion_tokens, cached_prompt_tokens, latency_ms, created_at)
                        VALUES (1, 1, 1, 'flashcards', 1, 'h', 'mock', 'm', 'ok', 1, 0, 0, 0, 0, '2026-01-01');
                    INSERT INTO items (id, subtopic_id, family, shape, position, fields, generation_id, created_at) VALUES
                        (5, 1, 'flashcards', 'pair', 0, '{"front":"a","back":"b"}', 1, '2026-01-01');
                    """)
            }
        }
        let store = try SQLiteStore(path: path)
        let subject = try #require(try await store.subject(titled: "cells"))
        #expect(subject.id == 1 && subject.owner == .local && subject.color == "")
        #expect(try await store.studyCards(subjectTitle: "Cells").map(\.id) == [5])
        let added = try await store.upsertSubject(title: "New", notes: "", kind: .general, instructions: "")
        #expect(added.id == 8, "a deleted subject's id is not reused")
        // The foreign keys of the tables under subjects still hold: deleting cascades.
        #expect(try await store.deleteSubject(title: "Cells"))
        #expect(try rawCount(path, "items") == 0 && rawCount(path, "generations") == 0)
    }
}
