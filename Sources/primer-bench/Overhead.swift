import ArgumentParser
import Foundation
import PrimerCore
import PrimerProviders
import PrimerStore
import PrimerGeneration

/// The mock provider (latency 0) behind a stopwatch: how long the mock itself takes is measured
/// so it can be taken out of Primer's own time. Keeps the requests and answers of the first run.
final class TimedMock: Provider, @unchecked Sendable {
    let base: MockProvider
    var name: String { base.name }
    var model: String { base.model }
    private let lock = NSLock()
    private(set) var calls = 0
    private(set) var mockSeconds = 0.0
    var recording = false
    private(set) var recorded: [(CompletionRequest, CompletionResponse)] = []

    init(base: MockProvider) { self.base = base }

    func complete(_ request: CompletionRequest) async throws -> CompletionResponse {
        let clock = ContinuousClock()
        let start = clock.now
        let response = try base.respond(to: request)
        let elapsed = (clock.now - start).seconds
        lock.withLock {
            calls += 1
            mockSeconds += elapsed
            if recording { recorded.append((request, response)) }
        }
        return response
    }

    func reset() { lock.withLock { calls = 0; mockSeconds = 0 } }
}

struct OverheadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "overhead",
        abstract: "(a) Primer's own cost per generation call with the mock provider at zero latency.",
        discussion: """
            Runs the real Pipeline (render, mock call, parse, gates, SQLite writes) for --subjects subjects \
            one after another, --rounds times (each round a new store file), and divides wall and CPU time \
            by provider calls. Then times each stage alone over the recorded calls with ContinuousClock.
            """)

    @Option(help: "Folder of prompt families.") var prompts = "Prompts"
    @Option(help: "Subjects per round.") var subjects = 20
    @Option(help: "Measured rounds (a warm-up round is run first and not counted).") var rounds = 7
    @Option(help: "Generate kits for the first N subtopics of each plan only (default: the whole plan).") var maxSubtopics: Int?
    @Option(help: "Samples per micro-benchmark stage (at least).") var microSamples = 3000
    @Option(help: "Write the results as JSON here.") var json: String?

    struct RoundResult: Codable {
        var calls: Int
        var wallSeconds: Double
        var cpuSeconds: Double
        var mockSeconds: Double
        var wallMsPerCall: Double
        var cpuMsPerCall: Double
        var ownWallMsPerCall: Double
    }

    struct Result: Codable {
        var machine: MachineFacts
        var subjectsPerRound: Int
        var rounds: [RoundResult]
        var wallMsPerCall: Stats
        var cpuMsPerCall: Stats
        var mockMsPerCall: Stats
        var ownWallMsPerCall: Stats
        var ownCPUMsPerCallEstimate: Stats
        /// Micro-benchmarks, milliseconds per operation.
        var stages: [String: Stats]
        var stageSumMs: Double
        var targetMs: Double
        /// On Primer's own wall time per call (the check this tool always printed).
        var targetMet: Bool
        /// On Primer's own CPU time per call, the metric BENCHMARKS.md uses for (a).
        var targetMetCPU: Bool
    }

    func run() async throws {
        let machine = MachineFacts.collect()
        let families = try FamilySet.load(directory: URL(fileURLWithPath: prompts))
        let mock = TimedMock(base: MockProvider())
        let folder = try temporaryFolder("primer-bench-overhead")
        defer { try? FileManager.default.removeItem(at: folder) }
        print("machine: \(machine.line)")

        var results: [RoundResult] = []
        for round in 0...rounds {
            let store = try SQLiteStore(path: folder.appendingPathComponent("round\(round).sqlite").path)
            let pipeline = Pipeline(families: families, provider: mock, store: store)
            mock.reset()
            mock.recording = round == 0
            let clock = ContinuousClock()
            let usage0 = ResourceUsage.now()
            let start = clock.now
            for index in 0..<subjects {
                let summary = try await pipeline.run(
                    SubjectRequest(title: subjectTitle(index, run: "r\(round)-"), kind: .general),
                    options: PipelineOptions(maxSubtopics: maxSubtopics))
                guard summary.failures.isEmpty else { throw ValidationError("generation failed: \(summary.failures)") }
            }
            let wall = (clock.now - start).seconds
            let cpu = (ResourceUsage.now() - usage0).cpu
            let calls = mock.calls
            let result = RoundResult(
                calls: calls, wallSeconds: wall, cpuSeconds: cpu, mockSeconds: mock.mockSeconds,
                wallMsPerCall: wall * 1000 / Double(calls), cpuMsPerCall: cpu * 1000 / Double(calls),
                ownWallMsPerCall: (wall - mock.mockSeconds) * 1000 / Double(calls))
            print(String(format: "round %d%@: %d calls, %.3f s wall, %.3f s CPU, %.3f ms/call wall, %.3f ms/call CPU, mock %.3f ms/call",
                         round, round == 0 ? " (warm-up)" : "", calls, wall, cpu, result.wallMsPerCall, result.cpuMsPerCall,
                         mock.mockSeconds * 1000 / Double(calls)))
            if round > 0 { results.append(result) }
        }

        let stages = try await microBenchmarks(families: families, corpus: mock.recorded, folder: folder)
        let wallStats = Stats(results.map(\.wallMsPerCall))
        let mockStats = Stats(results.map { $0.mockSeconds * 1000 / Double($0.calls) })
        let ownStats = Stats(results.map(\.ownWallMsPerCall))
        let ownCPU = Stats(results.map { ($0.cpuSeconds - $0.mockSeconds) * 1000 / Double($0.calls) })
        // The floor issue 12 keeps: invisible next to a model call of seconds, and one
        // implementation per text rule instead of ASCII fast paths that saved half a millisecond.
        let targetMs = 2.0
        let stageSum = ["render", "parse+gates", "store reads", "store write"].compactMap { stages[$0]?.median }.reduce(0, +)
        let result = Result(
            machine: machine, subjectsPerRound: subjects, rounds: results, wallMsPerCall: wallStats,
            cpuMsPerCall: Stats(results.map(\.cpuMsPerCall)), mockMsPerCall: mockStats, ownWallMsPerCall: ownStats,
            ownCPUMsPerCallEstimate: ownCPU, stages: stages, stageSumMs: stageSum, targetMs: targetMs, targetMet: ownStats.median <= targetMs,
            targetMetCPU: ownCPU.median <= targetMs)

        var table = Table(header: ["per provider call (ms)", "median", "p10", "p90", "min", "max", "n"])
        func row(_ name: String, _ s: Stats) {
            table.add([name, fmt(s.median), fmt(s.p10), fmt(s.p90), fmt(s.min), fmt(s.max), "\(s.count)"])
        }
        row("pipeline wall, incl. mock", wallStats)
        row("pipeline CPU, incl. mock", result.cpuMsPerCall)
        row("  of which mock writing the answer", mockStats)
        row("pipeline wall, Primer's own", ownStats)
        row("pipeline CPU, Primer's own (est.)", ownCPU)
        for name in ["render", "mock respond", "parse+gates", "store reads", "store write"] {
            if let s = stages[name] { row("stage: \(name)", s) }
            if name == "parse+gates" {
                for (detail, s) in stages.filter({ $0.key.hasPrefix("  ") }).sorted(by: { $0.value.median > $1.value.median }) {
                    row("stage: \(detail)", s)
                }
            }
        }
        print("")
        print(table.text)
        print(String(format: "sum of stage medians (render + parse+gates + store reads + store write): %.3f ms", stageSum))
        print("target: Primer's own time ≤ \(fmt(targetMs)) ms per call (median) — \(result.targetMet ? "met" : "NOT met")"
              + String(format: " on wall time (%.3f ms)", ownStats.median))
        print("target: Primer's own time ≤ \(fmt(targetMs)) ms per call (median) — \(result.targetMetCPU ? "met" : "NOT met")"
              + String(format: " on CPU time (%.3f ms)", ownCPU.median))
        print("")
        print(jsonText(result))
        try writeJSON(result, to: json)
    }

    /// Each stage alone, over the calls recorded in the warm-up round.
    func microBenchmarks(
        families: FamilySet, corpus: [(CompletionRequest, CompletionResponse)], folder: URL
    ) async throws -> [String: Stats] {
        let clock = ContinuousClock()
        let context = ContextBuilder()
        let mock = MockProvider()
        guard !corpus.isEmpty else { return [:] }

        // What the pipeline knew at each call: the lesson of the subtopic and the subject's terms so far.
        struct Call {
            var request: CompletionRequest
            var response: CompletionResponse
            var family: PromptFamily
            var subject: SubjectFacts
            var subtopic: SubtopicFacts?
            var gate: GateContext
            var output: GeneratedOutput
        }
        var calls: [Call] = []
        var notes: [String: String] = [:]
        var terms: [String: [String]] = [:]
        for (request, response) in corpus {
            let p = request.purpose
            guard let family = families.family(named: p.family) else { continue }
            let facts = SubjectFacts(title: p.subject, kind: p.subjectKind)
            let subtopic = family.scope == .plan ? nil : SubtopicFacts(
                topic: p.topic, subtopic: p.subtopic, siblings: p.siblings,
                lesson: notes[p.subject + "/" + p.subtopic] ?? "", terms: terms[p.subject] ?? [])
            let gate = GateContext(subject: p.subject, subjectKind: p.subjectKind, topic: p.topic, subtopic: p.subtopic, siblings: p.siblings)
            let parsed = try OutputParser.parse(response.text, for: family)
            let output = family.gates.apply(parsed, context: gate).output
            switch output {
            case .lesson(let text): notes[p.subject + "/" + p.subtopic] = text
            case .pairs(let list) where family.role == .glossary: terms[p.subject, default: []] += list.map(\.front)
            default: break
            }
            calls.append(Call(request: request, response: response, family: family, subject: facts, subtopic: subtopic, gate: gate, output: output))
        }

        var stages: [String: [Double]] = [:]
        func time(_ name: String, _ body: () async throws -> Void) async rethrows {
            let start = clock.now
            try await body()
            stages[name, default: []].append((clock.now - start).seconds * 1000)
        }
        let passes = max(1, (microSamples + calls.count - 1) / calls.count)
        var sink = 0
        for _ in 0..<passes {
            for call in calls {
                // What the generator does before each call: the context values, then the templates.
                await time("render") {
                    let values = call.subtopic.map { context.values(subject: call.subject, subtopic: $0) }
                        ?? context.values(subject: call.subject)
                    sink &+= call.family.messages(kind: call.subject.kind, values: values).count
                }
                try await time("mock respond") { sink &+= try mock.respond(to: call.request).text.count }
                try await time("parse+gates") {
                    let parsed = try OutputParser.parse(call.response.text, for: call.family)
                    sink &+= call.family.gates.apply(parsed, context: call.gate).output.itemCount
                }
                // The same work split up: the parser of this output kind, then each gate of the chain.
                var parsed: GeneratedOutput = call.output
                try await time("  parse \(call.family.contentKind.rawValue)") {
                    parsed = try OutputParser.parse(call.response.text, for: call.family)
                }
                for gate in call.family.gates.gates {
                    await time("  gate \(gate.name) (\(call.family.contentKind.rawValue))") {
                        parsed = gate.apply(parsed, context: call.gate).output
                    }
                }
            }
        }
        // The store: replay the recorded outputs into a fresh SQLite file, as the pipeline writes them.
        let store = try SQLiteStore(path: folder.appendingPathComponent("micro.sqlite").path)
        let storePasses = max(1, passes / 2)
        for pass in 0..<storePasses {
            var subjectIDs: [String: Int64] = [:]
            var subtopicIDs: [String: Int64] = [:]
            for call in calls {
                let p = call.request.purpose
                let record = GenerationRecord(
                    family: call.family.name, familyVersion: call.family.version, familyHash: call.family.contentHash,
                    provider: "mock", model: "mock-1", attempts: [AttemptRecord(number: 1, status: .accepted, usage: call.response.usage)],
                    status: .ok)
                if call.family.scope == .plan {
                    guard case .plan(let plan) = call.output else { continue }
                    var subjectID: Int64 = 0
                    try await time("store write") {
                        let subject = try await store.upsertSubject(title: "\(p.subject) #\(pass)", notes: "", kind: p.subjectKind, instructions: "")
                        subjectID = subject.id
                        let topics = try await store.replacePlan(subjectID: subject.id, plan: plan, generation: record)
                        for topic in topics { for sub in topic.subtopics { subtopicIDs[p.subject + "/" + sub.title] = sub.id } }
                    }
                    subjectIDs[p.subject] = subjectID
                } else {
                    guard let subjectID = subjectIDs[p.subject], let subtopicID = subtopicIDs[p.subject + "/" + p.subtopic] else { continue }
                    try await time("store reads") {
                        sink &+= try await store.completedFamilies(subtopicID: subtopicID).count
                        sink &+= try await store.lesson(subtopicID: subtopicID, family: "lesson")?.count ?? 0
                        sink &+= try await store.glossary(subjectID: subjectID, family: "terms", before: subtopicID).count
                    }
                    try await time("store write") {
                        try await store.saveContent(subjectID: subjectID, subtopicID: subtopicID, output: call.output, generation: record)
                    }
                }
            }
        }
        if sink == 42 { print("") }
        return stages.mapValues { Stats($0) }
    }
}
