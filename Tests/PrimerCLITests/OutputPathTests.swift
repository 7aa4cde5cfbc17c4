import Foundation
import Testing

/// `export --out` and `batch --report` write regular files only: a symbolic link, a FIFO or a
/// folder at the path is refused with one clear error and left exactly as it was; a regular
/// file is replaced.
@Suite struct OutputPathTests {
    enum Target: String, CaseIterable, CustomTestStringConvertible {
        case symlink, fifo, folder
        var testDescription: String { rawValue }

        /// Makes the target at `url`; a symlink points at `victim`.
        func make(at url: URL, victim: URL) throws {
            switch self {
            case .symlink: try FileManager.default.createSymbolicLink(at: url, withDestinationURL: victim)
            case .fifo: #expect(mkfifo(url.path, 0o644) == 0)
            case .folder: try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
            }
        }
    }

    static func type(_ url: URL) throws -> FileAttributeType? {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.type] as? FileAttributeType)
    }

    @Test(arguments: Target.allCases) func exportRefusesATargetThatIsNotARegularFile(target: Target) async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        #expect(try await cli.run(["generate", "Optics", "--max-subtopics", "1"]).status == 0)
        let victim = try cli.write("precious\n", to: "victim.txt")
        let out = cli.directory.appendingPathComponent("out.csv")
        try target.make(at: out, victim: victim)
        let before = try Self.type(out)

        for format in ["csv", "apkg"] {
            let result = try await cli.run(["export", "Optics", "--format", format, "--out", out.path])
            #expect(result.status != 0, "\(format)")
            #expect(result.stderr.contains("not a regular file") && result.stderr.contains(out.path), "\(format): \(result.stderr)")
            #expect(try Self.type(out) == before, "\(format): the \(target) is left as it was")
        }
        #expect(try String(contentsOf: victim, encoding: .utf8) == "precious\n", "the symlink's target is untouched")
        if target == .symlink { #expect(try FileManager.default.destinationOfSymbolicLink(atPath: out.path) == victim.path) }
        if target == .folder { #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty) }
        // Nothing is left behind next to it either.
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.directory.path).allSatisfy { !$0.hasSuffix(".tmp") })
    }

    @Test func exportReplacesARegularFileWholeAndKeepsItsPermissions() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        #expect(try await cli.run(["generate", "Optics", "--max-subtopics", "1"]).status == 0)
        let out = try cli.write(String(repeating: "old content\n", count: 10_000), to: "kit.csv")
        #expect(chmod(out.path, 0o600) == 0)
        let result = try await cli.run(["export", "Optics", "--format", "csv", "--out", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        let written = try String(contentsOf: out, encoding: .utf8)
        #expect(written.hasPrefix("subject,topic,subtopic,family,shape") && !written.contains("old content"))
        let mode = try FileManager.default.attributesOfItem(atPath: out.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try Self.type(out) == .typeRegular)
    }

    @Test func batchRefusesABadReportPathBeforeGeneratingAnything() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let batch = try cli.write("{\"title\": \"Optics\"}\n", to: "subjects.jsonl")
        let report = cli.directory.appendingPathComponent("report.fifo")
        #expect(mkfifo(report.path, 0o644) == 0)
        // A FIFO with no reader would block a plain write forever: the run must end, refused.
        let result = try await cli.run(["batch", batch.path, "--max-subtopics", "1", "--report", report.path])
        #expect(result.status != 0)
        #expect(result.stderr.contains("--report") && result.stderr.contains("FIFO"), "\(result.stderr)")
        let list = try await cli.run(["list"])
        #expect(list.stdout.contains("No subjects"), "nothing was generated: \(list.stdout)")
    }
}
