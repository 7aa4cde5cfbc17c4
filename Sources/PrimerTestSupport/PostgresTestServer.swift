import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A real PostgreSQL server for the tests: one cluster per test process, made with `initdb` in a
/// temporary folder and listening on a free loopback port, with a new database per test. A
/// watcher stops the server and removes the folder when the test process ends, however it ends.
/// The binaries come from `PRIMER_PG_BIN`, else Debian's `/usr/lib/postgresql/<version>/bin`,
/// else `PATH`; `scripts/install-test-tools.sh` installs them.
public actor PostgresTestServer {
    public static let shared = PostgresTestServer()

    /// The start, shared by every caller (the actor lets another caller in while one waits).
    private var starting: Task<Cluster, Error>?
    private var databases = 0

    /// A new empty database on the shared server: `postgres://primer@127.0.0.1:<port>/<name>`.
    public func newDatabase() async throws -> String {
        let (port, bin, _) = try await start()
        databases += 1
        let name = "primer_test_\(getpid())_\(databases)"
        try await Self.offThePool {
            try Self.run(bin.appendingPathComponent("createdb"), ["-h", "127.0.0.1", "-p", "\(port)", "-U", "primer", name])
        }
        return "postgres://primer@127.0.0.1:\(port)/\(name)"
    }

    /// The address of `database` (one `newDatabase` gave) through the server's Unix socket:
    /// `postgres://primer@:<port>/<name>?host=<the socket's folder>`.
    public func socketAddress(of database: String) async throws -> String {
        let (port, _, folder) = try await start()
        guard let name = URLComponents(string: database)?.path.dropFirst() else { throw Failure("\(database) is no address newDatabase gave") }
        return "postgres://primer@:\(port)/\(name)?host=\(folder.path)"
    }

    /// The rows `sql` returns on `database` (an address `newDatabase` gave), each a list of its
    /// columns as psql prints them: for tests that count what a store holds in SQL.
    public func query(_ database: String, _ sql: String) async throws -> [[String]] {
        let (_, bin, _) = try await start()
        let output = try await Self.offThePool {
            try Self.run(bin.appendingPathComponent("psql"), [database, "-X", "-A", "-t", "-F", "\t", "-v", "ON_ERROR_STOP=1", "-c", sql])
        }
        return output.split(separator: "\n", omittingEmptySubsequences: true).map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    }

    /// The one number `sql` returns.
    public func count(_ database: String, _ sql: String) async throws -> Int {
        let rows = try await query(database, sql)
        guard rows.count == 1, rows[0].count == 1, let value = Int(rows[0][0]) else { throw Failure("\(sql) gave \(rows), not one number") }
        return value
    }

    /// The running cluster: its port, the folder of its binaries, and the folder of its socket.
    private typealias Cluster = (port: Int, bin: URL, folder: URL)

    /// Starts the cluster on first use.
    private func start() async throws -> Cluster {
        if let starting { return try await starting.value }
        let task = Task { try await Self.startCluster() }
        starting = task
        return try await task.value
    }

    private static func startCluster() async throws -> Cluster {
        // initdb, the start and the waits block: they run on a thread of their own, not on one of
        // the few threads the other (async, timed) tests need.
        try await Self.offThePool { () throws -> Cluster in
            let bin = try Self.binaries()
            let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("primer-pg-\(getpid())-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            // PostgreSQL refuses to run as root: as root, the cluster belongs to the `postgres` user.
            let asUser: [String] = getuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--"] : []
            if getuid() == 0 { try Self.run(URL(fileURLWithPath: "/bin/chown"), ["postgres", folder.path]) }
            let data = folder.appendingPathComponent("data").path
            try Self.run(
                bin.appendingPathComponent("initdb"), ["-D", data, "-U", "primer", "--auth=trust", "-E", "UTF8", "--no-locale", "--no-sync"],
                as: asUser)
            // A free port can be taken by another test's server before PostgreSQL binds it: then
            // the server exits at once, and the next attempt takes another port.
            var lastLog = ""
            for _ in 1...3 {
                let port = try Self.freePort()
                // The server is bounded (connections, memory) and durability is off: test data is thrown away.
                let server = Process()
                let (command, arguments) = Self.command(
                    asUser, bin.appendingPathComponent("postgres"),
                    [
                        "-D", data, "-p", "\(port)", "-k", folder.path, "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off",
                        "-c", "synchronous_commit=off", "-c", "full_page_writes=off", "-c", "max_connections=300",
                        "-c", "shared_buffers=32MB",
                    ])
                server.executableURL = command
                server.arguments = arguments
                server.standardOutput = FileHandle.nullDevice
                server.standardError = try FileHandle(forWritingTo: Self.touch(folder.appendingPathComponent("server.log")))
                try server.run()
                Self.watch(testProcess: getpid(), server: server.processIdentifier, folder: folder, asUser: asUser, pgCtl: bin.appendingPathComponent("pg_ctl"), data: data)
                let deadline = Date().addingTimeInterval(60)
                while (try? Self.run(bin.appendingPathComponent("pg_isready"), ["-h", "127.0.0.1", "-p", "\(port)", "-q"])) == nil {
                    guard server.isRunning, Date() < deadline else { break }
                    Thread.sleep(forTimeInterval: 0.1)
                }
                if server.isRunning { return (port, bin, folder) }
                lastLog = (try? String(contentsOf: folder.appendingPathComponent("server.log"), encoding: .utf8)) ?? ""
            }
            throw Failure("PostgreSQL did not start: \(lastLog.suffix(2000))")
        }
    }

    private static func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
        }
    }

    /// Stops the server when the test process is gone (a shell that outlives it), and removes the folder.
    private static func watch(testProcess: pid_t, server: pid_t, folder: URL, asUser: [String], pgCtl: URL, data: String) {
        let stop = (asUser + [pgCtl.path, "-D", data, "-m", "immediate", "stop"]).map { "'\($0)'" }.joined(separator: " ")
        let script = """
            while kill -0 \(testProcess) 2>/dev/null; do sleep 1; done
            \(stop) >/dev/null 2>&1 || kill -9 \(server) 2>/dev/null
            rm -rf '\(folder.path)'
            """
        let watcher = Process()
        watcher.executableURL = URL(fileURLWithPath: "/bin/sh")
        watcher.arguments = ["-c", script]
        watcher.standardOutput = FileHandle.nullDevice
        watcher.standardError = FileHandle.nullDevice
        try? watcher.run()
    }

    private static func binaries() throws -> URL {
        var candidates: [URL] = []
        if let bin = ProcessInfo.processInfo.environment["PRIMER_PG_BIN"] { candidates.append(URL(fileURLWithPath: bin)) }
        let debian = URL(fileURLWithPath: "/usr/lib/postgresql")
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: debian.path)) ?? []).sorted { (Int($0) ?? 0) > (Int($1) ?? 0) }
        candidates += versions.map { debian.appendingPathComponent($0).appendingPathComponent("bin") }
        candidates += (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { URL(fileURLWithPath: String($0)) }
        if let bin = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.appendingPathComponent("initdb").path) }) {
            return bin
        }
        throw Failure("PostgreSQL's server programs (initdb, postgres) were not found: run scripts/install-test-tools.sh (Debian's postgresql) or set PRIMER_PG_BIN")
    }

    private static func freePort() throws -> Int {
        let socket = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) } }
        guard bound == 0 else { throw Failure("no free loopback port") }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) } }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func touch(_ url: URL) throws -> URL {
        FileManager.default.createFile(atPath: url.path, contents: nil)
        return url
    }

    private static func command(_ prefix: [String], _ program: URL, _ arguments: [String]) -> (URL, [String]) {
        guard let first = prefix.first else { return (program, arguments) }
        return (URL(fileURLWithPath: first), Array(prefix.dropFirst()) + [program.path] + arguments)
    }

    @discardableResult
    private static func run(_ program: URL, _ arguments: [String], as prefix: [String] = []) throws -> String {
        let process = Process()
        let (command, all) = command(prefix, program, arguments)
        process.executableURL = command
        process.arguments = all
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure("\(program.lastPathComponent) \(arguments.joined(separator: " ")) failed: \(text.suffix(2000))")
        }
        return text
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }
}

/// The engines a test can put its store on: a SQLite file in the test's folder, or a new
/// database on the tests' PostgreSQL server.
public enum StoreEngine: String, CaseIterable, CustomStringConvertible, Sendable {
    case sqlite, postgres
    public var description: String { rawValue }

    /// A new store's address: `folder/name` for SQLite, a new database for PostgreSQL.
    public func newStore(in folder: URL, name: String = "store.sqlite") async throws -> String {
        switch self {
        case .sqlite: folder.appendingPathComponent(name).path
        case .postgres: try await PostgresTestServer.shared.newDatabase()
        }
    }
}
