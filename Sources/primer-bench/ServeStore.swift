import ArgumentParser
import Crypto
import Foundation
import PrimerCore
import PrimerPostgres
import PrimerStore

/// (h) The store `primer serve` is measured on: accounts, each with a session and a subject of
/// flashcards, written through the store's ports; prints one JSON line per account (its token,
/// subject and item ids) for the load generator (scripts/bench/serve_load.py).
struct ServeStoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve-store",
        abstract: "(h) Fill a store for the server benchmark: accounts with sessions and subjects of flashcards.")

    @Option(help: "The store: a SQLite file or postgres://user@host:port/database (must hold no subject).") var store: String
    @Option(help: "Accounts.") var users = 100
    @Option(help: "Flashcards of each account's subject.") var itemsPerUser = 1_000

    func run() async throws {
        let store: any Store = switch try StoreAddress.parse(self.store, environment: ProcessInfo.processInfo.environment) {
        case .file(let path): try SQLiteStore(path: path)
        case .postgres(let url): try await PostgresStore.open(url)
        }
        let now = Date()
        let record = GenerationRecord(family: "flashcards", familyVersion: 1, familyHash: "bench", provider: "bench", model: "bench", attempts: [], status: .ok)
        for user in 0..<users {
            let account = try await store.createAccount(
                name: "Learner \(user)", email: "learner\(user)@example.com", passwordHash: "not a login: sessions are made here", at: now)
            let token = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0 ... 255)) }.joined()
            let hash = SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
            try await store.startSession(accountID: account.id, tokenHash: hash, expiresAt: now.addingTimeInterval(7 * 86_400), at: now)
            let owned = store.owned(by: account.owner)
            let subject = try await owned.upsertSubject(title: "Benchmark", notes: "", kind: .general, instructions: "")
            let plan = try await owned.replacePlan(
                subjectID: subject.id, plan: Plan(topics: [PlanTopic(title: "All", subtopics: ["Items"])]),
                generation: GenerationRecord(family: "plan", familyVersion: 1, familyHash: "bench", provider: "bench", model: "bench", attempts: [], status: .ok))
            try await owned.saveContent(
                subjectID: subject.id, subtopicID: plan[0].subtopics[0].id,
                output: .pairs((0..<itemsPerUser).map { PairItem(front: "Question \(user).\($0)", back: "Answer \($0)") }), generation: record)
            let ids = try await owned.studyCards(subjectTitle: "Benchmark").map(\.id)
            print(#"{"token": "\#(token)", "subject": \#(subject.id), "firstItem": \#(ids.min() ?? 0), "lastItem": \#(ids.max() ?? 0)}"#)
        }
    }
}
