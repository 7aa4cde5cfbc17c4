import Foundation
import PrimerDefaults
import Testing
import Yams

@testable import PrimerProviders

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: Helpers

/// A TCP port nothing listens on right now. Chosen below the kernel's ephemeral range (32768+),
/// so a stub server another test binds to port 0 cannot be handed the same port before the
/// fake server binds it. The fake servers draw from the lower half and the real llama-server
/// tests from the upper one, so a fake answering /health can never stand in for a llama-server
/// started at the same moment on the same port.
/// A port is handed out once per test process: two tests running at once could otherwise both
/// find one free and race to bind it (seen: "Address already in use" from a fake server).
func freeLoopbackPort(in range: Range<Int> = 20_000..<26_000) throws -> Int {
    for _ in 0..<200 {
        let port = Int.random(in: range)
        if try portIsFree(port), HandedOutPorts.shared.take(port) { return port }
    }
    throw POSIXError(.EADDRINUSE)
}

final class HandedOutPorts: @unchecked Sendable {
    static let shared = HandedOutPorts()
    private let lock = NSLock()
    private var ports: Set<Int> = []

    /// False when the port was handed out before.
    func take(_ port: Int) -> Bool { lock.withLock { ports.insert(port).inserted } }
}

/// True when 127.0.0.1:port can be bound now.
func portIsFree(_ port: Int) throws -> Bool {
    #if canImport(Glibc)
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
    let fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard fd >= 0 else { throw POSIXError(.EMFILE) }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let length = socklen_t(MemoryLayout<sockaddr_in>.size)
    return withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 }
    }
}

/// True while a process with this id exists (and is not a reaped zombie).
func processExists(_ pid: Int32) -> Bool {
    kill(pid, 0) == 0 || errno != ESRCH
}

/// A stand-in for llama-server: `fake_server.py PORT READY_AFTER_SECONDS [MODE]` answers
/// GET /health with 503 until READY_AFTER has passed (never, when negative), then 200.
/// MODE `exit` prints an error and exits with status 3 at once; `ignore-term` ignores SIGTERM.
let fakeServerScript = #"""
    import http.server, json, signal, sys, time
    port, ready_after = int(sys.argv[1]), float(sys.argv[2])
    mode = sys.argv[3] if len(sys.argv) > 3 else ""
    print(f"fake server starting on {port}", flush=True)
    if mode == "exit":
        print("error: failed to load model 'missing.gguf'", flush=True)
        sys.exit(3)
    if mode == "ignore-term":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    start = time.time()
    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            ready = ready_after >= 0 and time.time() - start >= ready_after
            if self.path != "/health":
                code, body = 404, {"error": "not found"}
            elif ready:
                code, body = 200, {"status": "ok"}
            else:
                code, body = 503, {"error": {"code": 503, "message": "Loading model"}}
            data = json.dumps(body).encode()
            self.send_response(code)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        def log_message(self, format, *args):
            print("request: " + format % args, flush=True)
    http.server.HTTPServer(("127.0.0.1", port), Handler).serve_forever()
    """#

/// A temporary cache folder holding `fake_server.py`.
func makeFakeCache() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("primer-launch-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try fakeServerScript.write(to: folder.appendingPathComponent("fake_server.py"), atomically: true, encoding: .utf8)
    return folder
}

/// A spec that runs the fake server from `cache` on a free port.
func fakeSpec(cache: URL, readyAfter: Double, mode: String? = nil, timeout: Double = 60) throws -> LaunchSpec {  // 60 s: python3 starting on a loaded CI machine took over 10
    LaunchSpec(
        command: ["python3", "{cache}/fake_server.py", "{port}", String(readyAfter)] + (mode.map { [$0] } ?? []),
        port: try freeLoopbackPort(), startupTimeoutSeconds: timeout, installHint: "scripts/install-local-llm.sh",
        cacheDirectory: cache)
}

/// Someone else's server for `spec` (another command's), started outside `LocalServer`; returns
/// once it answers. The caller kills it (SIGKILL: a child of Foundation's `Process` inherits the
/// blocked SIGTERM of Swift's threads).
func startOthersServer(_ spec: LaunchSpec) async throws -> Process {
    let other = Process()
    other.executableURL = URL(fileURLWithPath: try #require(LocalServer.resolveExecutable("python3")))
    other.arguments = Array(spec.command.dropFirst())
    other.standardOutput = FileHandle.nullDevice
    other.standardError = FileHandle.nullDevice
    try other.run()
    guard await answers(spec.healthURL, within: .seconds(10)) else {
        kill(other.processIdentifier, SIGKILL)
        throw POSIXError(.ETIMEDOUT)
    }
    return other
}

/// Whether `url` answers 200 (or, `wanted` false, stops answering) within `limit`.
func answers(_ url: String, within limit: Duration, wanted: Bool = true) async -> Bool {
    let clock = ContinuousClock()
    let end = clock.now + limit
    while clock.now < end {
        let ok = (try? await AsyncHTTPTransport.shared.send(HTTPRequestSpec(method: "GET", url: url, timeout: .seconds(1))))?.status == 200
        if ok == wanted { return true }
        try? await Task.sleep(for: .milliseconds(100))
    }
    return false
}

func parseLaunch(_ yaml: String, environment: [String: String] = ["PRIMER_CACHE": "/c"]) throws -> LaunchSpec {
    let manifest = try ProviderManifest.parse(yaml: yaml, file: URL(fileURLWithPath: "/plugins/local.yaml"))
    return try #require(try manifest.launchSpec(environment: environment))
}

// MARK: LaunchSpec

@Suite struct LocalServerLaunchSpecTests {
    @Test func parsesAndExpandsPlaceholders() throws {
        let spec = try parseLaunch("""
            adapter: openai-chat
            launch:
              command: ["{cache}/llama/bin/llama-server", "-m", "{model}", "--port", "{port}", "--host", "{host}", "--json", '{"a":1}']
              model: "{cache}/models/m.gguf"
              port: 18999
              health_path: health
              startup_timeout_seconds: 12.5
              install_hint: scripts/install-local-llm.sh
            """)
        #expect(spec.command == [
            "/c/llama/bin/llama-server", "-m", "/c/models/m.gguf", "--port", "18999", "--host", "127.0.0.1", "--json", #"{"a":1}"#,
        ])
        #expect(spec.executablePath == "/c/llama/bin/llama-server")
        #expect(spec.modelPath == "/c/models/m.gguf")
        #expect(spec.healthURL == "http://127.0.0.1:18999/health")
        #expect(spec.startupTimeoutSeconds == 12.5)
        #expect(spec.installHint == "scripts/install-local-llm.sh")
        #expect(spec.logFile.path == "/c/logs/llama-server-18999.log")
        let moved = spec.withPort(20001)
        #expect(moved.command[4] == "20001")
        #expect(moved.healthURL == "http://127.0.0.1:20001/health")
        #expect(moved.logFile.path == "/c/logs/llama-server-20001.log")
    }

    @Test func defaults() throws {
        let spec = try parseLaunch("adapter: x\nlaunch: {command: [srv], port: 9}\n")
        #expect(spec.host == "127.0.0.1")
        #expect(spec.healthPath == "/health")
        #expect(spec.startupTimeoutSeconds == 60)
        #expect(spec.modelPath == "")
        #expect(spec.logFile.path == "/c/logs/srv-9.log")
    }

    @Test func manifestWithoutLaunchHasNoSpec() throws {
        let manifest = try ProviderManifest.parse(yaml: "adapter: mock\n", file: URL(fileURLWithPath: "/p/m.yaml"))
        #expect(manifest.launch == nil)
        #expect(try manifest.launchSpec() == nil)
    }

    @Test func cacheFolderResolvesLikeTheInstallScript() {
        #expect(LaunchSpec.cacheDirectory(environment: ["PRIMER_CACHE": "/p", "XDG_CACHE_HOME": "/x", "HOME": "/h"]).path == "/p")
        #expect(LaunchSpec.cacheDirectory(environment: ["PRIMER_CACHE": "", "XDG_CACHE_HOME": "/x", "HOME": "/h"]).path == "/x/primer")
        #expect(LaunchSpec.cacheDirectory(environment: ["HOME": "/h"]).path == "/h/.cache/primer")
    }

    @Test func badLaunchSectionsNameTheKey() throws {
        let cases: [(String, String)] = [
            ("launch: [a]", "`launch` must be a mapping"),
            ("launch: {port: 1}", "`launch.command` is required"),
            ("launch: {command: [a]}", "`launch.port` is required"),
            ("launch: {command: [a], port: 70000}", "at most 65535"),
            ("launch: {command: [a], port: 1, colour: red}", "unknown key `launch.colour`"),
            ("launch: {command: [a, '{modle}'], port: 1}", "unknown placeholder `{modle}`"),
            ("launch: {command: [a], port: 1, startup_timeout_seconds: 0}", "more than 0"),
        ]
        for (yaml, expected) in cases {
            let error = configError { _ = try parseLaunch("adapter: x\n" + yaml + "\n") }
            #expect(error?.description.contains(expected) == true, "\(yaml) → \(error?.description ?? "no error")")
            #expect(error?.description.contains("/plugins/local.yaml") == true)
        }
    }

    @Test func shippedLlamaManifestHasALaunchSection() throws {
        let folder = try #require(Defaults.pluginsDirectory)
        let manifest = try ProviderManifest.load(from: folder.appendingPathComponent("llama-local.yaml"))
        #expect(manifest.adapter == "openai-chat")
        #expect(manifest.model == "SmolLM2-135M-Instruct")
        #expect(manifest.capabilities == ["json_schema", "seed"])
        #expect(manifest.limits.concurrentRequests == 1)
        let spec = try #require(try manifest.launchSpec(environment: ["PRIMER_CACHE": "/cache"]))
        #expect(spec.executablePath == "/cache/llama/bin/llama-server")
        #expect(spec.modelPath == "/cache/models/SmolLM2-135M-Instruct.gguf")
        #expect(spec.command.contains("/cache/models/SmolLM2-135M-Instruct.gguf"))
        let parallel = try #require(spec.command.firstIndex(of: "--parallel"))
        #expect(spec.command[parallel + 1] == String(manifest.limits.concurrentRequests))
        #expect(spec.healthURL == "http://127.0.0.1:\(spec.port)/health")
        #expect(spec.installHint == "scripts/install-local-llm.sh")
        // The adapter's base_url must point at the launched server.
        let baseURL = try #require(try manifest.settingsReader.string("base_url"))
        #expect(baseURL == spec.baseURL + "/v1")
    }
}

// MARK: LocalServer with a fake server process

@Suite struct LocalServerProcessTests {
    @Test func missingBinaryNamesTheInstallScriptAndOtherProviders() async throws {
        let spec = LaunchSpec(
            command: ["{cache}/llama/bin/llama-server", "-m", "{model}"], model: "{cache}/models/m.gguf",
            port: try freeLoopbackPort(), installHint: "scripts/install-local-llm.sh",
            cacheDirectory: URL(fileURLWithPath: "/nonexistent-primer-cache"))
        let server = LocalServer(spec: spec)
        do {
            try await server.ensureRunning()
            Issue.record("expected notInstalled")
        } catch let error as LocalServerError {
            #expect(error == .notInstalled(
                missing: ["/nonexistent-primer-cache/llama/bin/llama-server", "/nonexistent-primer-cache/models/m.gguf"],
                installHint: "scripts/install-local-llm.sh"))
            #expect(error.description.contains("run `scripts/install-local-llm.sh`"))
            #expect(error.description.contains("`primer providers`"))
        }
    }

    @Test func startsWaitsForHealthAndStops() async throws {
        let cache = try makeFakeCache()
        let spec = try fakeSpec(cache: cache, readyAfter: 2)
        let server = LocalServer(spec: spec, pollInterval: .milliseconds(100))
        let clock = ContinuousClock()
        let began = clock.now
        let outcome = try await server.ensureRunning()
        let waited = clock.now - began
        guard case .started(let pid) = outcome else {
            Issue.record("expected to start the server, got \(outcome)")
            return
        }
        #expect(waited >= .seconds(1.5), "returned before the server was ready: \(waited)")
        #expect(processExists(pid))
        let health = try await AsyncHTTPTransport.shared.send(HTTPRequestSpec(method: "GET", url: spec.healthURL))
        #expect(health.status == 200)
        // The log holds the server's output.
        let log = try String(contentsOf: spec.logFile, encoding: .utf8)
        #expect(log.hasPrefix("$ "), "the log starts with the command line")
        #expect(log.contains("fake server starting"))
        #expect(await server.logTail(lines: 1).contains("request: "))
        // A second call reuses the running server.
        #expect(try await server.ensureRunning() == .started(pid: pid))

        let stopping = clock.now
        await server.stop()
        #expect(!processExists(pid), "the server process is still there after stop()")
        // SIGTERM reached it (the 5 s grace before SIGKILL was not needed).
        #expect(clock.now - stopping < .seconds(3))
        #expect(await server.processIdentifier == nil)
        await server.stop()  // idempotent
    }

    @Test func stopEscalatesToSIGKILL() async throws {
        let cache = try makeFakeCache()
        let spec = try fakeSpec(cache: cache, readyAfter: 0, mode: "ignore-term")
        let server = LocalServer(spec: spec, pollInterval: .milliseconds(100), stopGrace: .milliseconds(500))
        guard case .started(let pid) = try await server.ensureRunning() else {
            Issue.record("expected to start the server")
            return
        }
        await server.stop()
        #expect(!processExists(pid))
    }

    @Test func startupTimeoutStopsTheProcessAndShowsTheLog() async throws {
        let cache = try makeFakeCache()
        let spec = try fakeSpec(cache: cache, readyAfter: -1, timeout: 5)  // never ready (5 s: python starts slowly on a busy machine)
        let server = LocalServer(spec: spec, pollInterval: .milliseconds(100))
        do {
            try await server.ensureRunning()
            Issue.record("expected a startup timeout")
        } catch let error as LocalServerError {
            guard case .startupTimedOut(let seconds, _, let last, let log, let tail) = error else {
                Issue.record("expected startupTimedOut, got \(error)")
                return
            }
            #expect(seconds == 5)
            // 503 once python is up; on a very busy machine it may not even listen yet.
            #expect(last.contains("503") || last == "no answer", "\(last)")
            #expect(log == spec.logFile.path)
            #expect(tail.contains("GET /health") || tail.contains("fake_server.py"), "the log tail is in the error: \(tail)")
            #expect(error.description.contains("startup_timeout_seconds"))
            #expect(error.description.contains(tail))
        }
        #expect(await server.processIdentifier == nil)
        // Nothing answers on the port any more: the process was stopped.
        await #expect(throws: HTTPTransportError.self) {
            _ = try await AsyncHTTPTransport.shared.send(HTTPRequestSpec(method: "GET", url: spec.healthURL, timeout: .seconds(2)))
        }
    }

    @Test func earlyExitReportsStatusAndLogTail() async throws {
        let cache = try makeFakeCache()
        let spec = try fakeSpec(cache: cache, readyAfter: 0, mode: "exit")
        let server = LocalServer(spec: spec, pollInterval: .milliseconds(100))
        do {
            try await server.ensureRunning()
            Issue.record("expected exitedEarly")
        } catch let error as LocalServerError {
            guard case .exitedEarly(let status, _, let tail) = error else {
                Issue.record("expected exitedEarly, got \(error)")
                return
            }
            #expect(status == 3)
            #expect(tail.contains("failed to load model"))
            #expect(error.description.contains("failed to load model"))
        }
        #expect(await server.processIdentifier == nil)
    }

    @Test func aServerAlreadyRunningIsReusedAndNotStopped() async throws {
        let cache = try makeFakeCache()
        let spec = try fakeSpec(cache: cache, readyAfter: 0)
        // Someone else's server, started outside LocalServer.
        let other = try await startOthersServer(spec)
        // SIGKILL: a child of Foundation's Process inherits the blocked SIGTERM of Swift's threads.
        defer { kill(other.processIdentifier, SIGKILL) }

        let server = LocalServer(spec: spec)
        #expect(try await server.ensureRunning() == .alreadyRunning)
        #expect(await server.processIdentifier == nil)
        await server.stop()
        #expect(other.isRunning, "stop() must not stop a server it did not start")
        let health = try await AsyncHTTPTransport.shared.send(HTTPRequestSpec(method: "GET", url: spec.healthURL))
        #expect(health.status == 200)
    }

    @Test func runStopsTheServerWhenTheBodyThrows() async throws {
        struct Boom: Error {}
        let cache = try makeFakeCache()
        let spec = try fakeSpec(cache: cache, readyAfter: 0)
        let server = LocalServer(spec: spec, pollInterval: .milliseconds(100))
        await #expect(throws: Boom.self) {
            try await server.run { () async throws -> Int in throw Boom() }
        }
        #expect(await server.processIdentifier == nil)
        await #expect(throws: HTTPTransportError.self) {
            _ = try await AsyncHTTPTransport.shared.send(HTTPRequestSpec(method: "GET", url: spec.healthURL, timeout: .seconds(2)))
        }
    }
}
