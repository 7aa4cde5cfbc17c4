import Foundation
import PrimerTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A store nobody may write — a file of mode 0444, a folder of mode 0555 — can still be listed,
/// shown and exported; a command that writes says the store is read-only and what to do.
///
/// Permission bits do not bind root, so as root the commands run as `nobody` (`setpriv`), with
/// the store given to `nobody` first: the same situation as a user's own read-only store.
@Suite struct ReadOnlyStoreTests {
    static let isRoot = getuid() == 0
    static let setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Runs primer as the unprivileged user the test needs (see the suite's comment).
    static func runRestricted(_ cli: CLIRunner, _ arguments: [String], store: String) async throws -> CLIRunner.Result {
        let process = try cli.makeProcess(arguments, environment: ["PRIMER_STORE": store, "HOME": cli.directory.path])
        if isRoot, let setpriv {
            process.executableURL = URL(fileURLWithPath: setpriv)
            process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", CLIRunner.binary.path] + arguments
        }
        return try await cli.run(process)
    }

    /// Gives `paths` to `nobody` when running as root (so its permission bits apply to the commands).
    static func handOver(_ paths: [String]) {
        guard isRoot else { return }
        for path in paths { chown(path, 65534, 65534) }
    }

    /// A store with one generated subject, in `folder`, its WAL folded into the file when `checkpoint`.
    static func makeStore(_ cli: CLIRunner, in folder: String, checkpoint: Bool) async throws -> String {
        let directory = cli.directory.appendingPathComponent(folder)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let store = directory.appendingPathComponent("store.sqlite").path
        let generate = try await cli.run(["generate", "Roman History", "--max-subtopics", "1"], environment: ["PRIMER_STORE": store])
        #expect(generate.status == 0, "\(generate.stderr)")
        if checkpoint {
            // What a closed store looks like: no -wal or -shm beside it.
            _ = try await TestPrograms.run(
                "python3", ["-c", "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute('pragma wal_checkpoint(truncate)'); c.close()", store])
            for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: store + suffix) }
        }
        return store
    }

    static func expectReadableNotWritable(_ cli: CLIRunner, store: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let list = try await runRestricted(cli, ["list"], store: store)
        #expect(list.status == 0, "list: \(list.stderr)", sourceLocation: sourceLocation)
        #expect(list.stdout.contains("Roman History"), sourceLocation: sourceLocation)
        let show = try await runRestricted(cli, ["show", "Roman History", "--format", "json"], store: store)
        #expect(show.status == 0, "show: \(show.stderr)", sourceLocation: sourceLocation)
        #expect((try? JSONSerialization.jsonObject(with: Data(show.stdout.utf8))) != nil, sourceLocation: sourceLocation)
        let out = cli.directory.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        handOver([out.path])
        let export = try await runRestricted(cli, ["export", "Roman History", "--format", "csv", "--out", out.appendingPathComponent("kit.csv").path], store: store)
        #expect(export.status == 0, "export: \(export.stderr)", sourceLocation: sourceLocation)
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("kit.csv").path), sourceLocation: sourceLocation)
        let generate = try await runRestricted(cli, ["generate", "Roman History", "--max-subtopics", "2"], store: store)
        #expect(generate.status != 0, sourceLocation: sourceLocation)
        #expect(generate.stderr.contains("is read-only"), "generate: \(generate.stderr)", sourceLocation: sourceLocation)
        #expect(generate.stderr.contains("writable"), sourceLocation: sourceLocation)

        // The study commands that write say the same, not SQLite's words (they read first, then write).
        let listed = try await runRestricted(cli, ["cards", "list", "Roman History", "--json"], store: store)
        let cards = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]], "cards list: \(listed.stderr)")
        let pair = try #require(cards.first { $0["shape"] as? String == "pair" }?["key"] as? String)
        // One answer per quiz question: the choice questions and the exercises.
        let questions = cards.filter { ["choice", "matching", "ordering"].contains($0["shape"] as? String ?? "") }.count
        let writes: [[String]] = [
            ["review", "rate", pair, "good"], ["cards", "edit", pair, "--back", "mine"], ["cards", "delete", pair],
            ["vocab", "mark", pair, "known"], ["quiz", "Roman History", "--answers", Array(repeating: "A", count: questions).joined(separator: ",")],
        ]
        for arguments in writes {
            let result = try await runRestricted(cli, arguments, store: store)
            #expect(result.status == 1, "\(arguments) exits 1", sourceLocation: sourceLocation)
            #expect(result.stderr.contains("is read-only") && !result.stderr.contains("SQLite"), "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        }
        let after = try await runRestricted(cli, ["cards", "list", "Roman History", "--json"], store: store)
        #expect(after.stdout == listed.stdout, "nothing changed", sourceLocation: sourceLocation)
    }

    @Test(.enabled(if: !isRoot || setpriv != nil)) func aStoreFileOfMode0444() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let store = try await Self.makeStore(cli, in: "file", checkpoint: false)
        let folder = (store as NSString).deletingLastPathComponent
        Self.handOver([folder, store, store + "-wal", store + "-shm"])
        chmod(store, 0o444)
        try await Self.expectReadableNotWritable(cli, store: store)
    }

    @Test(.enabled(if: !isRoot || setpriv != nil)) func aStoreInAFolderOfMode0555() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let store = try await Self.makeStore(cli, in: "folder", checkpoint: true)
        let folder = (store as NSString).deletingLastPathComponent
        Self.handOver([folder, store])
        chmod(store, 0o444)
        chmod(folder, 0o555)
        defer { chmod(folder, 0o755) }
        try await Self.expectReadableNotWritable(cli, store: store)
    }
}
