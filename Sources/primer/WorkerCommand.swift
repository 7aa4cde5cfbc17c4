import ArgumentParser
import Foundation
import PrimerApp
import PrimerBatch
import PrimerCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `primer worker`: works on the queue `primer batch --enqueue` fills, beside any number of
/// workers on other machines sharing the PostgreSQL store.
struct WorkerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "worker",
        abstract: "Work on queued batches (a PostgreSQL store), beside workers on any other machine.",
        discussion: """
            Claims one task at a time per slot — a subject's plan, or one subtopic's families — and \\
            stores its results under the task's lease. SIGTERM or Ctrl-C: no new task; the calls in \\
            flight finish and the rest of their subtopics go back to the queue. A second signal quits \\
            at once; a killed worker's tasks are claimed again when its lease runs out (at once by a \\
            worker on the same machine), and nothing stored is made twice.
            """)

    @Option(help: "Provider for subjects whose batch named none (default: $PRIMER_PROVIDER, primer.yaml, else llama-local).") var provider: String?
    @Option(parsing: .unconditional, help: "Tasks worked on side by side.") var concurrency: Int = 1
    @Option(parsing: .unconditional, help: "Seconds a task stays this worker's without a heartbeat (the heartbeat renews it every third of that).") var lease: Double = 30
    @Flag(help: "Exit once no task is queued or running, instead of waiting for more.") var exitWhenEmpty = false
    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var promptsOptions: PromptsOptions
    @OptionGroup var pluginsOptions: PluginsOptions
    @OptionGroup var embedderOptions: EmbedderOptions

    func validate() throws {
        if concurrency < 1 || concurrency > 64 { throw ValidationError("--concurrency must be 1 to 64") }
        if !(lease >= 3 && lease <= 3_600) { throw ValidationError("--lease must be 3 to 3600 seconds") }
    }

    func run() async throws {
        let workspace = try openWorkspace(configOptions, storeOptions, promptsOptions, pluginsOptions, embedderOptions)
        announceDefaultEmbedder(workspace)
        let stop = WorkerStop()
        let interruption = Interruption(
            signals: [SIGINT, SIGTERM],
            message: "Stopping: no new task; the calls in flight finish and the rest goes back to the queue.",
            again: "Signal again to quit at once.", stop: { stop.request() })
        defer { interruption.restore() }
        Console.error("Worker \(WorkOwner.hostName):\(getpid()) working (\(concurrency) at a time); SIGTERM or Ctrl-C stops it.\n")
        let report = try await workspace.work(
            WorkerRequest(provider: provider, concurrency: concurrency, lease: lease, exitWhenEmpty: exitWhenEmpty), stop: stop,
            progress: WorkerLog.line)
        Console.out(
            "Worker stopped: \(report.done) task\(report.done == 1 ? "" : "s") done, \(report.failed) failed, \(report.released) handed back, \(report.leaseLost) taken over by other workers; \(report.providerCalls) provider calls, \(report.promptTokens) prompt + \(report.completionTokens) completion tokens.")
    }
}

/// A worker's log: a line per task it ends, and store problems as they come.
enum WorkerLog {
    @Sendable static func line(_ event: WorkerEvent) {
        switch event {
        case .claimed:
            break
        case .finished(let task, let subtopic, let outcome, let seconds, let summary):
            let place = task.subtopicID == nil ? "\(task.subject.title) (plan)" : "\(task.subject.title) › \(subtopic ?? "subtopic #\(task.subtopicID!)")"
            let calls = summary.map { ", \($0.providerCalls) call\($0.providerCalls == 1 ? "" : "s")" } ?? ""
            let how: String =
                switch outcome {
                case .done: "done"
                case .failed(let error): "failed: \(error)"
                case .released: "handed back"
                case .leaseLost: "taken over by another worker (lease ran out)"
                }
            Console.out(QueueStatusText.line("batch \(task.batchID) task \(task.id) \(place): \(how)") + String(format: " (%.1f s%@)", seconds, calls))
            // A line as it happens, also into a pipe (a log collector, `tee`).
            fflush(nil)
        case .storeProblem(let problem, let retryIn):
            Console.error(QueueStatusText.line("The queue could not be reached: \(problem) Trying again in \(retryIn) s.") + "\n")
        }
    }
}
