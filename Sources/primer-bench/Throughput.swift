import ArgumentParser
import AsyncHTTPClient
import Foundation
import PrimerBatch
import PrimerCore
import PrimerProviders
import PrimerStore
import PrimerTestSupport
import PrimerGeneration

struct ThroughputCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "throughput",
        abstract: "(b) Batch throughput against a loopback OpenAI-style stub with injected latency.",
        discussion: """
            For each concurrency level C, runs a batch (BatchRunner + Pipeline + openai-chat adapter + SQLite) \
            of C/k jobs × k subtopics side by side, with the provider's limits.concurrent_requests = C, against \
            a stub on 127.0.0.1 that answers every request after --latency-ms. Reports achieved calls/s against \
            the ideal C / latency, i.e. efficiency = (calls × latency / C) / wall time.
            """)

    @Option(help: "Folder of prompt families.") var prompts = "Prompts"
    @Option(help: "Latency the stub adds to every answer, in milliseconds.") var latencyMs = 200
    @Option(parsing: .upToNextOption, help: "Concurrency levels (jobs × subtopic concurrency).") var levels = [1, 2, 4, 8, 16, 32, 64]
    @Option(help: "Subtopics of one subject generated side by side (k); jobs = C / k.") var subtopicConcurrency = 1
    @Option(help: "Subjects per job slot at each level (subjects = jobs × this).") var subjectsPerSlot = 2
    @Option(help: "Generate kits for the first N subtopics of each plan.") var maxSubtopics = 3
    @Option(help: "Runs per level.") var repeats = 3
    @Option(help: "Use a stub already running at this base URL (…/v1) instead of one in this process.") var stubURL: String?
    @Option(help: "Diagnostic: use an HTTP client with this many connections per host instead of Primer's shared client.") var poolSize: Int?
    @Option(help: "Write the results as JSON here.") var json: String?

    struct Run: Codable {
        var level: Int
        var jobs: Int
        var subtopicConcurrency: Int
        var subjects: Int
        var calls: Int
        var failedSubjects: Int
        var wallSeconds: Double
        var cpuSeconds: Double
        var callsPerSecond: Double
        var idealCallsPerSecond: Double
        var efficiency: Double
        var peakInFlightAtStub: Int?
    }

    struct Level: Codable {
        var level: Int
        var runs: [Run]
        var efficiency: Stats
        var callsPerSecond: Stats
        var peakInFlightAtStub: Int?
    }

    struct Result: Codable {
        var machine: MachineFacts
        var latencyMs: Int
        var maxSubtopics: Int
        var subtopicConcurrency: Int
        var transport: String
        var levels: [Level]
        var target: String
        var targetMet: Bool?
    }

    func run() async throws {
        let machine = MachineFacts.collect()
        print("machine: \(machine.line)")
        let families = try FamilySet.load(directory: URL(fileURLWithPath: prompts))
        let latency = Duration.milliseconds(latencyMs)

        var server: StubHTTPServer?
        let baseURL: String
        if let stubURL {
            baseURL = stubURL
        } else {
            let stub = StubHTTPServer()
            let answers = StubAnswers(latency: latency)
            stub.otherwise { answers.respond($0) }
            try stub.start()
            server = stub
            baseURL = stub.baseURL + "/v1"
        }
        defer { server?.stop() }

        var client: HTTPClient?
        let transport: AsyncHTTPTransport
        if let poolSize {
            var configuration = HTTPClient.Configuration()
            configuration.connectionPool = .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: poolSize)
            configuration.connectionPool.retryConnectionEstablishment = false
            let made = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
            client = made
            transport = AsyncHTTPTransport(client: made)
        } else {
            transport = .shared
        }
        let transportName = poolSize.map { "HTTPClient with \($0) connections per host (diagnostic)" } ?? "AsyncHTTPTransport.shared (as primer uses)"
        print("stub: \(baseURL), latency \(latencyMs) ms; transport: \(transportName)")

        let folder = try temporaryFolder("primer-bench-throughput")
        defer { try? FileManager.default.removeItem(at: folder) }

        var levelResults: [Level] = []
        var table = Table(header: ["C", "jobs×k", "calls", "wall s", "calls/s", "ideal/s", "efficiency", "spread", "peak in flight"])
        for level in levels {
            var runs: [Run] = []
            for repeatIndex in 0..<repeats {
                let k = max(1, min(subtopicConcurrency, level))
                let jobs = max(1, level / k)
                let manifest = try ProviderManifest.parse(yaml: """
                    name: stub
                    adapter: openai-chat
                    model: stub-1
                    capabilities: [json_schema]
                    limits: {concurrent_requests: \(level), requests_per_minute: 0}
                    settings:
                      base_url: \(baseURL)
                      structured_output: json_schema
                      timeout_seconds: 120
                      retry: {max_attempts: 1}
                    """, file: folder.appendingPathComponent("stub.yaml"))
                let provider = try OpenAIChatProvider(manifest: manifest, environment: [:], transport: transport, limiter: ProviderLimiter())
                let store = try SQLiteStore(path: folder.appendingPathComponent("c\(level)-\(repeatIndex).sqlite").path)
                let items = (0..<(jobs * subjectsPerSlot)).map {
                    BatchItem(title: subjectTitle($0, run: "c\(level)r\(repeatIndex)-"), kind: .general)
                }
                let runner = BatchRunner(jobs: jobs, options: PipelineOptions(maxSubtopics: maxSubtopics, concurrency: k))
                let before = server?.requests.count ?? 0
                let usage0 = ResourceUsage.now()
                let clock = ContinuousClock()
                let start = clock.now
                let report = await runner.run(items, makePipeline: { _ in Pipeline(families: families, provider: provider, store: store) })
                let wall = (clock.now - start).seconds
                let cpu = (ResourceUsage.now() - usage0).cpu
                let calls = report.providerCalls
                var peak: Int?
                if let server {
                    let received = server.requests.dropFirst(before).map(\.receivedAt)
                    peak = Self.peakInFlight(received, latency: latency)
                }
                let idealRate = Double(level) / (Double(latencyMs) / 1000)
                let run = Run(
                    level: level, jobs: jobs, subtopicConcurrency: k, subjects: items.count, calls: calls,
                    failedSubjects: report.failed + report.partial, wallSeconds: wall, cpuSeconds: cpu,
                    callsPerSecond: Double(calls) / wall, idealCallsPerSecond: idealRate,
                    efficiency: (Double(calls) * Double(latencyMs) / 1000 / Double(level)) / wall, peakInFlightAtStub: peak)
                if run.failedSubjects > 0 {
                    let errors = report.subjects.compactMap(\.error).prefix(3)
                    print("warning: \(run.failedSubjects) subjects failed or incomplete: \(errors.joined(separator: " | "))")
                }
                print(String(format: "C=%d (%d jobs × %d) run %d: %d calls in %.2f s = %.1f calls/s, ideal %.1f, efficiency %.1f%%%@",
                             level, jobs, k, repeatIndex + 1, calls, wall, run.callsPerSecond, idealRate, run.efficiency * 100,
                             peak.map { ", peak in flight at stub \($0)" } ?? ""))
                runs.append(run)
            }
            let efficiency = Stats(runs.map(\.efficiency))
            let rate = Stats(runs.map(\.callsPerSecond))
            let peak = runs.compactMap(\.peakInFlightAtStub).max()
            levelResults.append(Level(level: level, runs: runs, efficiency: efficiency, callsPerSecond: rate, peakInFlightAtStub: peak))
            let first = runs[0]
            table.add([
                "\(level)", "\(first.jobs)×\(first.subtopicConcurrency)", "\(first.calls)",
                fmt(Stats(runs.map(\.wallSeconds)).median, 2), fmt(rate.median, 1), fmt(first.idealCallsPerSecond, 1),
                String(format: "%.1f%%", efficiency.median * 100),
                String(format: "%.1f–%.1f%%", efficiency.min * 100, efficiency.max * 100), peak.map { "\($0)" } ?? "-",
            ])
        }
        try await client?.shutdown()

        let at64 = levelResults.first { $0.level == 64 }
        let result = Result(
            machine: machine, latencyMs: latencyMs, maxSubtopics: maxSubtopics, subtopicConcurrency: subtopicConcurrency,
            transport: transportName, levels: levelResults, target: "efficiency ≥ 90% at C = 64",
            targetMet: at64.map { $0.efficiency.median >= 0.9 })
        print("")
        print(table.text)
        if let met = result.targetMet { print("target: ≥ 90% of ideal at C = 64 — \(met ? "met" : "NOT met")") }
        print("")
        print(jsonText(result))
        try writeJSON(result, to: json)
    }

    /// Most requests the stub held at once: each is in flight from its arrival for `latency`.
    static func peakInFlight(_ arrivals: [ContinuousClock.Instant], latency: Duration) -> Int {
        var events: [(ContinuousClock.Instant, Int)] = []
        for arrival in arrivals {
            events.append((arrival, 1))
            events.append((arrival + latency, -1))
        }
        events.sort { $0.0 == $1.0 ? $0.1 < $1.1 : $0.0 < $1.0 }
        var current = 0, peak = 0
        for (_, delta) in events {
            current += delta
            peak = max(peak, current)
        }
        return peak
    }
}
