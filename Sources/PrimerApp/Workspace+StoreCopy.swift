import Foundation
import PrimerCore

/// Moving everything between stores and engines (`primer store copy`).
extension Workspace {
    /// What a copy moved: rows per table, in copy order.
    public struct StoreCopy: Sendable {
        public var from: String
        public var to: String
        public var rows: [(table: String, count: Int)]
    }

    /// Copies every table of the store at `from` (this workspace's store when nil) into the
    /// empty store at `to` (created when missing): kits, provenance, documents, learner state, the
    /// review log and the response cache, ids kept. The target must hold nothing; the copy is one
    /// transaction there, so it is stored whole or not at all. Work claims are not copied.
    public func copyStore(from: String?, to: String) async throws -> StoreCopy {
        let source = try from.map { try StoreAddress.parse($0, environment: locations.environment) }
            ?? locations.storeAddress(config: config)
        let target = try StoreAddress.parse(to, environment: locations.environment)
        guard source != target else {
            throw WorkspaceError(.invalid, "the store to copy from and the one to copy into are the same (\(source))")
        }
        if case .file(let path) = source, !FileManager.default.fileExists(atPath: path) {
            throw WorkspaceError(.notFound, "there is no store at \(path) to copy from")
        }
        let reading = from == nil ? try await readingStore() : try await Self.open(source)
        let writing = try await Self.open(target)
        let (subjects, answers) = (try await writing.listSubjects().count, try await writing.cacheStats().entries)
        if subjects + answers > 0 {
            throw WorkspaceError(
                .conflict,
                "\(target) already holds \(subjects) subject\(subjects == 1 ? "" : "s") and \(answers) cached answer\(answers == 1 ? "" : "s"); copy into an empty store (a new file or an empty database)")
        }
        var tables: [(table: StoreTables.Table, rows: [[StoreValue]])] = []
        for table in StoreTables.all { tables.append((table, try await reading.rows(of: table))) }
        try await writing.load(tables)
        return StoreCopy(from: "\(source)", to: "\(target)", rows: tables.map { ($0.table.name, $0.rows.count) })
    }
}
