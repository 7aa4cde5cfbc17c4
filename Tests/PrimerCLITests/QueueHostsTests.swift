import Foundation
import PrimerTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Workers on two hosts: each in a network namespace of the test's own (`ip netns`, a veth pair
/// to this machine, a host name of its own), reaching the tests' PostgreSQL through a forwarder
/// on the veth addresses. One host's link is cut mid-run: its leases run out and the other host
/// finishes its work, with nothing made twice.
@Suite(.timeLimit(.minutes(5))) struct QueueHostsTests {
    /// Runs a command as root (the namespaces and links), failing the test with its output.
    @discardableResult
    static func sh(_ command: String) async throws -> String {
        let run = try await TestPrograms.run("/bin/sh", ["-c", command])
        let text = run.stdout + run.stderr
        guard run.status == 0 else { throw CLIRunnerError("\(command): \(text)") }
        return text
    }

    /// Runs `body`, then `cleanup`, whether or not `body` threw (a `defer` cannot wait).
    static func withCleanup<T>(_ body: () async throws -> T, cleanup: () async -> Void) async throws -> T {
        do {
            let value = try await body()
            await cleanup()
            return value
        } catch {
            await cleanup()
            throw error
        }
    }

    /// A namespace `name` joined to this machine by a veth pair: the host side is `.1`, the
    /// namespace side `.2` of `subnet`.0/30.
    struct Host {
        let namespace: String
        let link: String
        let gateway: String
        let name: String

        init(_ name: String, number: Int, subnet: String) async throws {
            let tag = "\(getpid() % 100_000)\(number)"
            namespace = "primer-\(name)-\(getpid())"
            link = "pq\(tag)h"
            gateway = "\(subnet).1"
            self.name = name
            try await sh(
                """
                ip netns add \(namespace) && ip link add \(link) type veth peer name pq\(tag)n && ip link set pq\(tag)n netns \(namespace) \
                && ip addr add \(subnet).1/30 dev \(link) && ip link set \(link) up \
                && ip netns exec \(namespace) ip addr add \(subnet).2/30 dev pq\(tag)n \
                && ip netns exec \(namespace) ip link set pq\(tag)n up && ip netns exec \(namespace) ip link set lo up
                """)
        }

        func remove() async {
            _ = try? await sh("ip link del \(link); ip netns del \(namespace)")
        }

        /// `process` (made by `CLIRunner.makeProcess`) run inside the namespace, with this host's name.
        func run(_ process: Process, log: URL) throws {
            let primer = process.executableURL!.path
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "exec ip netns exec \"$0\" unshare --uts sh -c 'hostname \"$0\" && exec \"$@\"' \"$@\"", namespace, name, primer]
                + (process.arguments ?? [])
            FileManager.default.createFile(atPath: log.path, contents: nil)
            let handle = try FileHandle(forWritingTo: log)
            process.standardOutput = handle
            process.standardError = handle
            try process.run()
        }
    }

    @Test func aHostCutOffLosesItsTasksToTheOther() async throws {
        let cli = try await CLIRunner(.postgres)
        defer { cli.remove() }
        let database = try #require(URLComponents(string: cli.store))
        let port = try #require(database.port)
        let subnet = "10.231.\(getpid() % 250)"
        let a = try await Host("host-a", number: 1, subnet: subnet)
        try await Self.withCleanup({
            let b = try await Host("host-b", number: 2, subnet: subnet.replacingOccurrences(of: "10.231.", with: "10.232."))
            try await Self.withCleanup({ try await Self.cutOff(a, from: b, cli: cli, port: port) }, cleanup: { await b.remove() })
        }, cleanup: { await a.remove() })
    }

    /// The test itself, on hosts `a` and `b` (removed by the caller once it is done).
    static func cutOff(_ a: Host, from b: Host, cli: CLIRunner, port: Int) async throws {
        // The forwarder on both gateways; it stops when this test process ends.
        let forwarder = Process()
        forwarder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        forwarder.arguments = [
            "python3", CLIRunner.root.appendingPathComponent("scripts/tcp_forward.py").path, "--to", "127.0.0.1:\(port)",
            "--listen", "\(a.gateway):\(port)", "--listen", "\(b.gateway):\(port)",
        ]
        let ready = Pipe()
        forwarder.standardOutput = ready
        try forwarder.run()
        defer { forwarder.terminate() }
        _ = await TestPrograms.availableData(ready.fileHandleForReading)  // "ready"

        let file = try QueueChecks.batchFile(cli, subjects: 16)
        #expect(try await cli.run(["batch", file, "--enqueue", "--max-subtopics", "2"]).status == 0)
        let plugins = try cli.writeSlowMockPlugin(latencyMs: 300)
        func worker(_ host: Host, exitWhenEmpty: Bool) throws -> (Process, URL) {
            let store = cli.store.replacingOccurrences(of: "127.0.0.1", with: host.gateway)
            let process = try cli.makeProcess(
                ["worker", "--provider", "mock-slow", "--concurrency", "2", "--lease", "6"] + (exitWhenEmpty ? ["--exit-when-empty"] : []),
                environment: ["PRIMER_PLUGINS": plugins.path, "PRIMER_STORE": store])
            let log = cli.directory.appendingPathComponent("\(host.name).log")
            try host.run(process, log: log)
            return (process, log)
        }
        let (workerA, logA) = try worker(a, exitWhenEmpty: false)
        defer { kill(workerA.processIdentifier, SIGKILL) }
        let (workerB, logB) = try worker(b, exitWhenEmpty: true)
        defer { kill(workerB.processIdentifier, SIGKILL) }

        // Once host A has finished a few tasks and holds some, its link goes down.
        let server = QueueChecks.server
        var held: [String] = []
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            try await Task.sleep(for: .milliseconds(200))
            let finished = try await server.count(cli.store, "SELECT COUNT(*) FROM queue_tasks WHERE host = 'host-a' AND state = 'done'")
            held = try await server.query(cli.store, "SELECT id FROM queue_tasks WHERE host = 'host-a' AND state = 'running'").map { $0[0] }
            if finished >= 3 && !held.isEmpty { break }
        }
        try #require(!held.isEmpty, "host A never held a task: \((try? String(contentsOf: logA, encoding: .utf8)) ?? "")")
        try await Self.sh("ip link set \(a.link) down")
        let cutAt = Date()

        // Host B finishes everything, A's tasks included once their leases ran out.
        let finished = await CLIRunner.waitOffThePool(timeout: 150, until: { !workerB.isRunning })
        let bLog = (try? String(contentsOf: logB, encoding: .utf8)) ?? ""
        #expect(finished && workerB.terminationStatus == 0, "host B: \(bLog.suffix(3_000))")
        let taken = try await server.count(
            cli.store, "SELECT COUNT(*) FROM queue_tasks WHERE id IN (\(held.joined(separator: ","))) AND host = 'host-b' AND state = 'done'")
        #expect(taken == held.count, "host B finished \(taken) of the \(held.count) tasks host A held when it was cut off")
        try await QueueChecks.expectComplete(cli.store, subjects: 16, subtopics: 2, families: 7)
        print("hosts: host A cut off holding \(held.count) tasks; host B finished the batch \(String(format: "%.1f", Date().timeIntervalSince(cutAt))) s later")
    }
}
