import ArgumentParser
import PrimerCore

/// The entry point: logs at warning and above only (the default handler would print info lines
/// to standard output, into the benchmark's own output), then runs the command.
@main
enum PrimerBenchMain {
    static func main() async {
        PrimerLog.bootstrap(level: .warning)
        await PrimerBench.main()
    }
}

struct PrimerBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "primer-bench",
        abstract: "Primer's benchmarks: per-call overhead, batch throughput, the cost of scheduling, and the loopback stub server.",
        subcommands: [HopProbeCommand.self, OverheadCommand.self, ThroughputCommand.self, SchedulingCommand.self, ServeStoreCommand.self, StubCommand.self, RetrievalCommand.self, MeaningCutsCommand.self, DuplicateCutsCommand.self, ReferenceCutsCommand.self, SupportCutsCommand.self, SentenceItemsCommand.self])
}
