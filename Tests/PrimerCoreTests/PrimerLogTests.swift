import Logging
@testable import PrimerCore
import Testing

@Suite struct PrimerLogTests {
    @Test func theLevelComesFromTheEnvironment() throws {
        #expect(try PrimerLog.level(from: [:]) == .warning)
        #expect(try PrimerLog.level(from: ["PRIMER_LOG_LEVEL": ""]) == .warning)
        #expect(try PrimerLog.level(from: ["PRIMER_LOG_LEVEL": "debug"]) == .debug)
        #expect(try PrimerLog.level(from: ["PRIMER_LOG_LEVEL": " TRACE "]) == .trace)
        #expect(throws: PrimerLog.InvalidLogLevel.self) { try PrimerLog.level(from: ["PRIMER_LOG_LEVEL": "verbose"]) }
    }

    @Test func loggedURLsHaveTheirCredentialsMasked() {
        #expect(PrimerLog.redacted(url: "https://api.example.com/v1/chat?key=sk-123&x=1") == "https://api.example.com/v1/chat?key=***&x=1")
        #expect(PrimerLog.redacted(url: "https://user:secret@host.example/v1/agent#frag") == "https://***@host.example/v1/agent#frag")
        #expect(PrimerLog.redacted(url: "http://127.0.0.1:8080/health") == "http://127.0.0.1:8080/health")
        #expect(!PrimerLog.redacted(url: "not a url?key=sk-123").contains("sk-123"))
    }
}
