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
        for user in 0..<users {
            let account = try await store.createAccount(
                name: "Learner \(user)", email: "learner\(user)@example.com", passwordHash: "not a login: sessions are made here", at: now)
            let token = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0 ... 255)) }.joined()
            let hash = SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
            try await store.startSession(accountID: account.id, tokenHash: hash, expiresAt: now.addingTimeInterval(7 * 86_400), at: now)
            let owned = store.owned(by: account.owner)
            let ids = try await SchedulingCommand.storeItems(itemsPerUser, in: owned)
            let subject = try await owned.subject(titled: "Benchmark")
            print(#"{"token": "\#(token)", "subject": \#(subject?.id ?? 0), "firstItem": \#(ids.min() ?? 0), "lastItem": \#(ids.max() ?? 0)}"#)
        }
    }
}
