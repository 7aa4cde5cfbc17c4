import ArgumentParser
import Foundation
import GRDB
import PrimerCore

/// What a store call costs beside its SQL: GRDB's async read and write (thread hops to its
/// queues and back) against the same statements run synchronously, and one hop to a dispatch
/// queue around a synchronous read. BENCHMARKS.md (ah).
struct HopProbeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store-hops",
        abstract: "(ah) CPU and wall time of one-row SQLite reads and writes, async against synchronous.")

    @Option(help: "Calls of each kind per pass.") var calls = 20000
    @Option(help: "Passes over every kind.") var passes = 2

    func run() async throws {
        let folder = try temporaryFolder("primer-bench-hops")
        defer { try? FileManager.default.removeItem(at: folder) }
        let pool = try DatabasePool(path: folder.appendingPathComponent("hops.sqlite").path)
        try await pool.write { db in try db.execute(sql: "CREATE TABLE t(a INTEGER PRIMARY KEY, b TEXT)") }
        let count = "SELECT COUNT(*) FROM t"
        let reads = DispatchQueue(label: "primer-bench.reads", attributes: .concurrent)
        func measure(_ label: String, _ body: () async throws -> Int) async rethrows {
            let usage = ResourceUsage.now()
            let clock = ContinuousClock()
            let start = clock.now
            var sink = 0
            for _ in 0..<calls { sink &+= try await body() }
            let cpu = (ResourceUsage.now() - usage).cpu
            let wall = (clock.now - start).seconds
            print(label.padding(toLength: 32, withPad: " ", startingAt: 0) + String(format: " %.4f ms CPU a call, %.4f ms wall a call", cpu * 1000 / Double(calls), wall * 1000 / Double(calls)))
            if sink == -1 { print("") }
        }
        for _ in 0..<passes {
            // The synchronous calls block this thread on purpose: they are the floor the async ones are compared with.
            try await measure("async read (GRDB)") { try await pool.read { db in try Int.fetchOne(db.cachedStatement(sql: count)) ?? 0 } }
            try await measure("sync read") { try pool.read { db in try Int.fetchOne(db.cachedStatement(sql: count)) ?? 0 } }
            try await measure("sync read on a dispatch queue") {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Int, Error>) in
                    reads.async {
                        continuation.resume(with: Result { try pool.read { db in try Int.fetchOne(db.cachedStatement(sql: count)) ?? 0 } })
                    }
                }
            }
            try await measure("async write (GRDB)") { try await pool.write { db in try db.execute(sql: "INSERT INTO t(b) VALUES ('x')"); return 1 } }
            try await measure("sync write") { try pool.write { db in try db.execute(sql: "INSERT INTO t(b) VALUES ('x')"); return 1 } }
        }
    }
}
