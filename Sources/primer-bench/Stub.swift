import ArgumentParser
import Foundation
import PrimerTestSupport

struct StubCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stub",
        abstract: "Serve OpenAI-style chat completions on 127.0.0.1 with injected latency (for scripts/bench).",
        discussion: """
            Listens on a free port of 127.0.0.1 (the test server picks the port; --port-file receives it) and \
            answers POST /v1/chat/completions with well-formed content for the family asked for. Serves until \
            killed, until --max-requests requests were answered, or until --idle-seconds pass without a request.
            """)

    @Option(help: "Latency added to every answer, in milliseconds.") var latencyMs = 200
    @Option(help: "Write the chosen port to this file once listening.") var portFile: String?
    @Option(help: "Stop after answering this many requests.") var maxRequests: Int?
    @Option(help: "Stop after this many seconds without a request (0: never).") var idleSeconds = 600.0

    func run() throws {
        let server = StubHTTPServer()
        let answers = StubAnswers(latency: .milliseconds(latencyMs))
        server.otherwise { answers.respond($0) }
        try server.start()
        if let portFile { try "\(server.port)\n".write(toFile: portFile, atomically: true, encoding: .utf8) }
        FileHandle.standardOutput.write(Data("stub listening on \(server.baseURL)/v1 (latency \(latencyMs) ms)\n".utf8))
        var lastCount = 0
        var lastChange = Date()
        while true {
            Thread.sleep(forTimeInterval: 0.1)
            let count = server.requests.count
            if count != lastCount { lastCount = count; lastChange = Date() }
            if let maxRequests, count >= maxRequests {
                // Let the last answers go out.
                Thread.sleep(forTimeInterval: Double(latencyMs) / 1000 + 0.5)
                break
            }
            if idleSeconds > 0, Date().timeIntervalSince(lastChange) > idleSeconds { break }
        }
        print("stub answered \(server.requests.count) requests")
        server.stop()
    }
}
