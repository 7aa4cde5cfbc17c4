import ArgumentParser

@main
struct PrimerBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "primer-bench",
        abstract: "Primer's benchmarks: per-call overhead, batch throughput, and the loopback stub server.",
        subcommands: [OverheadCommand.self, ThroughputCommand.self, StubCommand.self])
}
