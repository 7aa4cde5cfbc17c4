import Foundation
import PrimerCore

/// Replay: with `replay: <cassette>` in its settings, the mock answers each request with the
/// answer recorded for it (`CassetteRecorder`), found by cache key. The key is recomputed from the
/// request under the provider name and model the cassette was recorded with, so a replay
/// manifest of any name matches. A request with no recording fails with a non-retryable
/// `ProviderError`, or gets the normal mock content with `replay_fallback: generate`.
extension MockProvider: PurposeAwareProvider {
    /// The mock writes from the purpose, not the prompt: its cache keys include the purpose.
    public var answerDependsOnPurpose: Bool { true }

    /// The recorded answer, nil to generate, or the "no recorded answer" error.
    func replay(_ request: CompletionRequest, from cassette: Cassette) throws -> CompletionResponse? {
        if let entry = cassette.entry(for: request) { return entry.response }
        if configuration.replayFallback == .generate { return nil }
        let purpose = request.purpose
        let what = purpose.subtopic.isEmpty ? purpose.subject : purpose.subtopic
        throw ProviderError(
            provider: name,
            message: "no recorded answer for \(purpose.family) of \(what) in \(cassette.file.path); "
                + "record it with --record",
            retryable: false)
    }
}
