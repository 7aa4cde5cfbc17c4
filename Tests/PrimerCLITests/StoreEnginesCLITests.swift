import Foundation
import PrimerTestSupport
import Testing

/// The commands a learner and a batch user run, on a SQLite file and on a PostgreSQL database
/// (a real server the tests start): the same commands give the same kit, the same study state
/// and the same reports on both engines.
@Suite(.timeLimit(.minutes(5))) struct StoreEnginesCLITests {
    static let subject = "Photosynthesis"

    /// What one run of the sequence printed, with what depends on the clock taken out.
    struct Outcome: Equatable {
        var kit: String
        var card: String
        var rated: String
        var quiz: String
        var stats: String
        var listed: String
        var batchTotals: String
        var evalCases: Int
        var apkgBytes: Bool
    }

    func sequence(_ cli: CLIRunner, store: String) async throws -> Outcome {
        let env = ["PRIMER_STORE": store]
        func run(_ arguments: [String]) async throws -> CLIRunner.Result {
            let result = try await cli.run(arguments, environment: env)
            #expect(result.status == 0, "primer \(arguments.joined(separator: " ")) on \(store): \(result.stderr)")
            return result
        }
        _ = try await run(["generate", Self.subject, "--provider", "mock", "--concurrency", "1"])
        let kit = try await run(["show", Self.subject, "--format", "json"]).stdout
        let apkg = cli.directory.appendingPathComponent("kit-\(UUID().uuidString).apkg")
        _ = try await run(["export", Self.subject, "--format", "apkg", "--out", apkg.path])
        let next = try await run(["review", "next", Self.subject, "--json"]).stdout
        let card = try #require(try JSONSerialization.jsonObject(with: Data(next.utf8)) as? [String: Any])
        let key = try #require((card["card"] as? [String: Any])?["key"] as? String)
        let rated = try await run(["review", "rate", key, "good", "--json"]).stdout
        let quiz = try await run(["quiz", Self.subject, "--limit", "3", "--answers", "A,B,C", "--json"]).stdout
        let stats = try await run(["stats", "--json"]).stdout
        let batch = try cli.write("- Cell Biology\n- Music Theory\n", to: "batch-\(UUID().uuidString).yaml")
        let report = cli.directory.appendingPathComponent("report-\(UUID().uuidString).json")
        _ = try await run(["batch", batch.path, "--provider", "mock", "--max-subtopics", "1", "--jobs", "1", "--report", report.path])
        let totals = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])["totals"] as? [String: Any]
        let listed = try await run(["list"]).stdout
        let results = cli.directory.appendingPathComponent("eval-\(UUID().uuidString)")
        _ = try await run([
            "eval", CLIRunner.root.appendingPathComponent("Evaluations/openstax").path, "--provider", "mock", "--cases", "biology-2e/8.2",
            "--out", results.path,
        ])
        let evalJSON = try #require(try FileManager.default.contentsOfDirectory(at: results, includingPropertiesForKeys: nil).first { $0.pathExtension == "json" })
        let eval = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: evalJSON)) as? [String: Any])
        return Outcome(
            kit: Self.withoutTimes(kit), card: Self.withoutTimes(next), rated: Self.withoutTimes(rated), quiz: Self.withoutTimes(quiz),
            stats: Self.withoutTimes(stats), listed: listed,
            batchTotals: (totals ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "),
            evalCases: (eval["cases"] as? [Any])?.count ?? -1,
            apkgBytes: ((try? FileManager.default.attributesOfItem(atPath: apkg.path)[.size] as? Int) ?? 0) > 1000)
    }

    /// JSON with every ISO 8601 time and every measured latency replaced: the runs happen
    /// seconds apart, and a call's milliseconds are the clock's, not the store's.
    static func withoutTimes(_ text: String) -> String {
        text.replacingOccurrences(of: #""\d{4}-\d\d-\d\dT[0-9:.]+Z""#, with: "\"<time>\"", options: .regularExpression)
            .replacingOccurrences(of: #""latencyMs" : \d+"#, with: "\"latencyMs\" : <ms>", options: .regularExpression)
    }

    @Test func theSameCommandsGiveTheSameResultsOnSQLiteAndPostgreSQL() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let database = try await PostgresTestServer.shared.newDatabase()
        let onFile = try await sequence(cli, store: cli.directory.appendingPathComponent("engines.sqlite").path)
        let onDatabase = try await sequence(cli, store: database)
        #expect(onFile.kit.count > 10_000, "a whole kit is shown")
        #expect(onFile.apkgBytes && onDatabase.apkgBytes)
        #expect(onFile.evalCases > 0)
        #expect(onFile.listed.contains("Cell Biology") && onFile.listed.contains("Photosynthesis"))
        #expect(onDatabase == onFile)

        // primer.yaml's `store:` may name the database too.
        let config = try cli.write("store: \(database)\n", to: "primer.yaml")
        let listed = try await cli.run(["list", "--config", config.path], environment: ["PRIMER_STORE": ""])
        #expect(listed.status == 0 && listed.stdout.contains("Photosynthesis"), "\(listed.stderr)")

        // The database keeps what was stored: a second process sees the rating and the quiz.
        let stats = try await cli.run(["stats", Self.subject, "--json"], environment: ["PRIMER_STORE": database])
        #expect(stats.stdout.contains("\"reviews\" : 4"), "\(stats.stdout)")
    }

    /// `?host=/folder` (libpq's form) reaches the server through its Unix socket in that folder:
    /// what one process stores there, another reads over TCP.
    @Test func aStoreIsReachedThroughTheServersSocket() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let database = try await PostgresTestServer.shared.newDatabase()
        let socket = try await PostgresTestServer.shared.socketAddress(of: database)
        let generated = try await cli.run(
            ["generate", Self.subject, "--provider", "mock", "--max-subtopics", "1"], environment: ["PRIMER_STORE": socket])
        #expect(generated.status == 0, "\(generated.stderr)")
        let listed = try await cli.run(["list"], environment: ["PRIMER_STORE": database])
        #expect(listed.status == 0 && listed.stdout.contains(Self.subject), "\(listed.stderr)")
        // The folder is where the socket is looked for: another folder has none.
        let elsewhere = socket.replacingOccurrences(of: "?host=", with: "?host=/nonexistent")
        let refused = try await cli.run(["list"], environment: ["PRIMER_STORE": elsewhere])
        #expect(refused.status == 1 && refused.stderr.contains("/nonexistent"), "\(refused.stderr)")
    }

    @Test func aStoreAddressThatCannotBeUsedGetsOneClearError() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let database = try await PostgresTestServer.shared.newDatabase()
        let port = try #require(URLComponents(string: database)?.port)
        let cases: [(store: String, status: Int32, says: String)] = [
            ("postgres://primer:secret@127.0.0.1:\(port)/x", 64, "put it in PGPASSWORD"),
            ("mysql://127.0.0.1/primer", 64, "is not a store Primer knows"),
            ("postgres://127.0.0.1:\(port)/primer", 64, "name the user"),
            ("postgres://primer@127.0.0.1:\(port)/no_such_database", 1, "database \"no_such_database\" does not exist"),
            ("postgres://nobody@127.0.0.1:\(port)/primer", 1, "refused the login"),
            ("postgres://primer@127.0.0.1:\(port)/primer?sslmode=require", 64, "the only option after ‘?’ is host=/folder"),
            ("postgres://primer@127.0.0.1:\(port)/primer?host=/tmp", 64, "not both"),
            ("postgres://primer@/primer?host=relative", 64, "the only option after ‘?’ is host=/folder"),
            ("postgres://primer@:\(port)/primer?host=/no/such/folder", 1, "/no/such/folder"),
        ]
        for (store, status, says) in cases {
            let result = try await cli.run(["list"], environment: ["PRIMER_STORE": store])
            #expect(result.status == status, "\(store): \(result.stderr)")
            #expect(result.stderr.contains(says), "\(store): \(result.stderr)")
            #expect(!result.stderr.contains("secret"), "the password is never shown")
        }
        // Nothing was made in the working folder (once, `postgres:/…` became a folder here).
        let made = try FileManager.default.contentsOfDirectory(atPath: cli.directory.path)
        #expect(!made.contains { $0.hasPrefix("postgres") || $0.hasPrefix("mysql") }, "\(made)")
    }

    @Test func storeCopyMovesEveryRowBothWays() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let first = cli.directory.appendingPathComponent("first.sqlite").path
        // A store with a bit of everything: kits, a document, provenance, reviews, a quiz, a cached answer.
        func on(_ store: String, _ arguments: [String]) async throws -> CLIRunner.Result {
            let result = try await cli.run(arguments, environment: ["PRIMER_STORE": store])
            #expect(result.status == 0, "primer \(arguments.joined(separator: " ")): \(result.stderr)")
            return result
        }
        let document = try cli.write("# Light\n\nChlorophyll absorbs red and blue light.\n", to: "light.md")
        _ = try await on(first, ["generate", Self.subject, "--doc", document.path, "--concurrency", "1"])
        _ = try await on(first, ["batch", try cli.write("- Optics\n", to: "b.yaml").path, "--max-subtopics", "1"])
        let next = try await on(first, ["review", "next", Self.subject, "--json"]).stdout
        let key = try #require(((try JSONSerialization.jsonObject(with: Data(next.utf8)) as? [String: Any])?["card"] as? [String: Any])?["key"] as? String)
        _ = try await on(first, ["review", "rate", key, "again"])
        _ = try await on(first, ["review", "rate", key, "good"])
        _ = try await on(first, ["quiz", Self.subject, "--limit", "2", "--answers", "A,B"])
        _ = try await on(first, ["eval", CLIRunner.root.appendingPathComponent("Evaluations/openstax").path, "--cases", "biology-2e/8.2",
            "--families", "terms", "--out", cli.directory.appendingPathComponent("eval").path])

        let database = try await PostgresTestServer.shared.newDatabase()
        let back = cli.directory.appendingPathComponent("back.sqlite").path
        let there = try await on(first, ["store", "copy", "--to", database])
        let again = try await on(first, ["store", "copy", "--from", database, "--to", back])
        #expect(there.stdout.contains("Copied") && there.stdout.contains("review_log 4") && there.stdout.contains("response_cache ") && there.stdout.contains("documents 1"), "\(there.stdout)")
        #expect(again.stdout.components(separatedBy: "\n").dropFirst() == there.stdout.components(separatedBy: "\n").dropFirst(), "the same rows came back")

        // Everything reads the same from the three stores: kits, the review log, the study state.
        for store in [database, back] {
            for arguments in [
                ["show", Self.subject, "--format", "json"], ["show", "Optics", "--format", "json"], ["stats", "--json"],
                ["docs", "list", Self.subject], ["cache", "stats"], ["list"],
            ] {
                let original = try await on(first, arguments).stdout
                let copied = try await on(store, arguments).stdout
                #expect(Self.withoutTimes(copied) == Self.withoutTimes(original), "\(arguments.joined(separator: " ")) on \(store)")
            }
            let log = cli.directory.appendingPathComponent("log-\(UUID().uuidString).csv").path
            let firstLog = cli.directory.appendingPathComponent("log-\(UUID().uuidString).csv").path
            for format in ["review-log", "json"] {
                _ = try await on(store, ["export", "--all", "--format", format, "--out", log])
                _ = try await on(first, ["export", "--all", "--format", format, "--out", firstLog])
                #expect(
                    Self.withoutTimes(try String(contentsOfFile: log, encoding: .utf8))
                        == Self.withoutTimes(try String(contentsOfFile: firstLog, encoding: .utf8)), "\(format) export of \(store)")
            }
        }
        // A new card in the copy does not take the id (and key) of one the log remembers.
        let kit = try await on(database, ["show", Self.subject, "--format", "json"]).stdout
        let topics = try #require((try JSONSerialization.jsonObject(with: Data(kit.utf8)) as? [String: Any])?["topics"] as? [[String: Any]])
        let subtopic = try #require((topics.first?["subtopics"] as? [[String: Any]])?.first?["title"] as? String)
        let added = try await on(database, ["cards", "add", Self.subject, "--subtopic", subtopic, "--front", "Q?", "--back", "A.", "--json"]).stdout
        #expect(!added.contains("\"key\" : \"\(key)\""))

        // Copying into a store that holds something is refused, and changes nothing there.
        let refused = try await cli.run(["store", "copy", "--from", first, "--to", back])
        #expect(refused.status == 1 && refused.stderr.contains("already holds"), "\(refused.stderr)")
    }
}
