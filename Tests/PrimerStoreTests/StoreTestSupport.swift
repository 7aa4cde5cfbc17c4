import Foundation
import GRDB
import PrimerCore
@testable import PrimerStore
import PrimerPostgres
import PrimerTestSupport

/// A fresh temporary folder per test, removed when the value goes away.
final class TempFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("primer-store-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// A new store in this folder.
    func store(_ name: String = "primer.sqlite") throws -> SQLiteStore { try SQLiteStore(path: path(name)) }
}

/// Raw SQL on a store file, bypassing SQLiteStore.
func rawCount(_ path: String, _ table: String) throws -> Int {
    let queue = try DatabaseQueue(path: path)
    return try queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? -1 }
}

func rawCounts(_ path: String) throws -> [KitTable: Int] {
    var counts: [KitTable: Int] = [:]
    for table in KitTable.allCases { counts[table] = try rawCount(path, table.rawValue) }
    return counts
}

func generation(
    _ family: String, status: GenerationRecord.Status = .ok, attempts: [AttemptRecord]? = nil,
    citations: [Citation] = [], error: String? = nil
) -> GenerationRecord {
    GenerationRecord(
        family: family, familyVersion: 2, familyHash: "hash-\(family)", provider: "mock", model: "mock-1",
        attempts: attempts ?? [
            AttemptRecord(
                number: 1, status: status == .ok ? .accepted : .error,
                usage: TokenUsage(promptTokens: 100, completionTokens: 50, cachedPromptTokens: 10), cost: 0.002,
                latencyMs: 40, finishReason: .stop)
        ],
        status: status, error: error, citations: citations)
}

let samplePlan = Plan(topics: [
    PlanTopic(title: "Cells", overview: "What cells are.", subtopics: ["Membranes", "Organelles"]),
    PlanTopic(title: "Genetics", subtopics: ["DNA", "Inheritance", "Mutations"]),
])

/// The engines the store contract runs on: each test of the contract runs once per engine.
enum Engine: String, CaseIterable, CustomStringConvertible, Sendable {
    case sqlite, postgres
    var description: String { rawValue }

    /// A new, empty store of this engine (a file in `folder`, or a new database on the tests'
    /// PostgreSQL server).
    func store(in folder: TempFolder) async throws -> any Store {
        switch self {
        case .sqlite: try folder.store()
        case .postgres: try await PostgresStore.open(try PostgresURL(try await PostgresTestServer.shared.newDatabase(), environment: [:]))
        }
    }
}

/// Two accounts on a new store of `engine` in `folder`, as each one's view of it (Ana's, Ben's),
/// each with a "Biology" kit of its own (`StudyStoreTests.kit`): for tests of one owner's
/// requests beside another's.
func twoOwnersWithKits(_ engine: Engine, in folder: TempFolder) async throws -> (ana: any Store, ben: any Store, anas: Int64, bens: Int64) {
    let store = try await engine.store(in: folder)
    let ana = store.owned(by: try await store.createAccount(name: "Ana", email: "ana@example.com", passwordHash: "h", at: Date()).owner)
    let ben = store.owned(by: try await store.createAccount(name: "Ben", email: "ben@example.com", passwordHash: "h", at: Date()).owner)
    return (ana, ben, try await StudyStoreTests.kit(ana).subject.id, try await StudyStoreTests.kit(ben).subject.id)
}
