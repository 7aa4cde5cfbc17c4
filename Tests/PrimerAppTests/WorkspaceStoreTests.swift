import Foundation
@testable import PrimerApp
import PrimerCore
import PrimerTestSupport
import Testing

/// The Workspace's rules about stores, called directly as any front end calls them (the CLI,
/// the coming server): which engine an address opens, and what a copy refuses, by error kind.
@Suite struct WorkspaceStoreTests {
    /// A workspace in a folder of its own, its store at `store`, the mock provider by default.
    static func workspace(store: String, in folder: URL) throws -> Workspace {
        try Workspace(
            WorkspaceLocations(
                store: store, environment: ["HOME": folder.path, "PRIMER_PROVIDER": "mock"], currentDirectory: folder))
    }

    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("primer-app-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func kind(of body: () async throws -> Void) async -> ErrorKind? {
        do { try await body() } catch let error as KindedError { return error.kind } catch { return nil }
        return nil
    }

    @Test func aFilePathOpensSQLiteAndADatabaseAddressOpensPostgreSQL() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try Self.workspace(store: folder.appendingPathComponent("a.sqlite").path, in: folder)
        let database = try Self.workspace(store: try await PostgresTestServer.shared.newDatabase(), in: folder)
        #expect(String(describing: type(of: try await file.store())) == "SQLiteStore")
        #expect(String(describing: type(of: try await database.store())) == "PostgresStore")
        // Each opens once: the reading store of a database is the store itself.
        #expect(try await database.readingStore() as AnyObject === database.store() as AnyObject)

        let bad = try Self.workspace(store: "mysql://127.0.0.1/primer", in: folder)
        #expect(await Self.kind { _ = try await bad.store() } == .invalid)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).allSatisfy { !$0.hasPrefix("mysql") })
    }

    @Test func aCopyRefusesTheSameStoreAMissingOneAndOneThatHoldsSomething() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("source.sqlite").path
        let workspace = try Self.workspace(store: source, in: folder)
        #expect(await Self.kind { _ = try await workspace.copyStore(from: folder.appendingPathComponent("nope.sqlite").path, to: source) } == .notFound)
        _ = try await workspace.store().upsertSubject(title: "Optics", notes: "", kind: .general, instructions: "")
        #expect(await Self.kind { _ = try await workspace.copyStore(from: nil, to: source) } == .invalid)

        let target = try await PostgresTestServer.shared.newDatabase()
        let copy = try await workspace.copyStore(from: nil, to: target)
        #expect(copy.rows.first { $0.table == "subjects" }?.count == 1)
        // Again into the same database: it holds a subject now.
        #expect(await Self.kind { _ = try await workspace.copyStore(from: nil, to: target) } == .conflict)
        let copied = try Self.workspace(store: target, in: folder)
        #expect(try await copied.subjects().map(\.title) == ["Optics"])
    }

    @Test func nextCardOfASubjectWithoutCardsIsNotFound() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let workspace = try Self.workspace(store: folder.appendingPathComponent("s.sqlite").path, in: folder)
        _ = try await workspace.store().upsertSubject(title: "Optics", notes: "", kind: .general, instructions: "")
        #expect(await Self.kind { _ = try await workspace.nextCard(subject: "Optics") } == .notFound)
        #expect(await Self.kind { _ = try await workspace.nextCard(subject: "Nothing") } == .notFound)
    }
}
