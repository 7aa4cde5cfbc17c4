import Foundation
import Metrics
import PrimerCore

/// Counts what a provider is asked and answers, for an operator's `/metrics` (swift-metrics):
/// calls and errors by provider, tokens by provider and kind, and each call's time. Records
/// numbers only — no text, so nothing it keeps can hold a secret. Without a metrics backend
/// (the CLI) every metric is a no-op.
public struct MeteredProvider: ProviderWrapper, ProviderChecking {
    public let base: any Provider

    public init(base: any Provider) {
        self.base = base
    }

    public var name: String { base.name }
    public var model: String { base.model }
    public var wrapped: any Provider { base }
    /// Whether the provider inside can be checked without generating.
    public var isCheckable: Bool { base is any ProviderChecking }

    public func complete(_ request: CompletionRequest) async throws -> CompletionResponse {
        let started = ContinuousClock.now
        let dimensions = [("provider", name)]
        Counter(label: "primer_provider_calls_total", dimensions: dimensions).increment()
        defer {
            Metrics.Timer(label: "primer_provider_call_duration_seconds", dimensions: dimensions, preferredDisplayUnit: .seconds)
                .recordInterval(since: started)
        }
        do {
            let response = try await base.complete(request)
            // A counter only goes up (Prometheus' counter traps on a negative step): a provider
            // that reports negative tokens counts none.
            Counter(label: "primer_provider_tokens_total", dimensions: dimensions + [("kind", "prompt")])
                .increment(by: max(0, response.usage.promptTokens))
            Counter(label: "primer_provider_tokens_total", dimensions: dimensions + [("kind", "completion")])
                .increment(by: max(0, response.usage.completionTokens))
            return response
        } catch let error as CancellationError {
            throw error
        } catch {
            Counter(label: "primer_provider_errors_total", dimensions: dimensions).increment()
            throw error
        }
    }

    public func check() async -> ProviderCheck {
        guard let checking = base as? any ProviderChecking else {
            return ProviderCheck(reachable: true, message: "\(name) cannot be checked without generating")
        }
        return await checking.check()
    }
}

extension Metrics.Timer {
    /// Records the time since `start` on the continuous clock.
    func recordInterval(since start: ContinuousClock.Instant) {
        let elapsed = ContinuousClock.now - start
        recordNanoseconds(Int64(elapsed.components.seconds) * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000)
    }
}
