import Foundation
import PrimerCore
import PrimerDefaults
import Testing

@testable import PrimerProviders
import PrimerGeneration

/// Keeps every request a provider receives (here, the real mock's).
final class RecordingProvider: ProviderWrapper, @unchecked Sendable {
    let base: any Provider
    var wrapped: any Provider { base }
    private let lock = NSLock()
    private var seen: [CompletionRequest] = []
    init(_ base: any Provider) { self.base = base }
    var name: String { base.name }
    var model: String { base.model }
    var requests: [CompletionRequest] { lock.withLock { seen } }
    func complete(_ request: CompletionRequest) async throws -> CompletionResponse {
        lock.withLock { seen.append(request) }
        return try await base.complete(request)
    }
}

/// A retry that repeats an earlier answer word for word is detected, said in the reminder, and
/// the next attempt is asked at a higher temperature.
@Suite struct RepeatedRetryTests {
    static func terms() throws -> PromptFamily {
        try FamilyLoader.load(file: try #require(Defaults.promptsDirectory).appendingPathComponent("terms.yaml"))
    }

    @Test func aStuckModelsRetriesAreFlaggedAndAskedHotter() async throws {
        // One term, the same every attempt: the count gate rejects it each time.
        let mock = MockProvider(configuration: MockConfiguration(faults: [MockFault(.tooFew, families: ["terms"]), MockFault(.stuck, families: ["terms"])]))
        let recording = RecordingProvider(mock)
        let family = try Self.terms()
        let call = FamilyCall(
            family, subject: SubjectFacts(title: "Biology"), subtopic: SubtopicFacts(topic: "Cells", subtopic: "Membranes"), context: ContextBuilder())
        let outcome = try await Generator(provider: recording).run(call)
        #expect(outcome.output == nil)
        let attempts = outcome.record.attempts
        #expect(attempts.map(\.repeatsAttempt) == [nil, 1, 1])
        #expect(attempts[1].reasons.contains { $0.contains("repeats attempt 1 word for word") })
        // The reminder of attempt 3 tells the model so.
        let reminder = try #require(recording.requests[2].messages.last?.content)
        #expect(reminder.contains("repeats attempt 1 word for word"), "\(reminder)")
        let base = try #require(family.temperature)
        let temperatures = recording.requests.map(\.temperature)
        #expect(temperatures[0] == base && temperatures[1] == base)
        #expect(abs((temperatures[2] ?? 0) - (base + 0.3)) < 1e-9)
        #expect(recording.requests.map(\.temperatureRaise) == [0, 0, 0.3])
    }

    @Test func aProfilesTemperatureIsRaisedToo() {
        let profiled = ProfiledProvider(base: MockProvider(), name: "cold", temperature: 0.2, maxTokens: nil)
        var request = CompletionRequest(messages: [], purpose: RequestPurpose(family: "terms", shape: .pair, subjectKind: .general, subject: "S"), temperature: 0.5)
        #expect(profiled.forwardedRequest(request).temperature == 0.2)
        request.temperatureRaise = 0.6
        #expect(abs((profiled.forwardedRequest(request).temperature ?? 0) - 0.8) < 1e-9)
        #expect(SamplingTemperature.raised(1.4, by: 0.3) == 1.5 && SamplingTemperature.raised(1.6, by: 0.3) == 1.6)
    }
}
