import Foundation
import Logging
import PrimerCore

/// An `HTTPTransport` that adds retries with backoff and per-provider limits to another one.
///
/// Usage (what an adapter does):
///
/// ```swift
/// let transport = ResilientTransport(provider: manifest.name, limits: manifest.limits,
///                                    policy: RetryPolicy(maxAttempts: 4))
/// let response = try await transport.send(HTTPRequestSpec(url: url, body: body))
/// // `response` may still be an error status: 4xx that retrying cannot fix, or the last
/// // retryable answer once the attempts ran out. Map it to `ProviderError` yourself.
/// ```
///
/// - Retried: 408, 409, 429 (except an exhausted quota), 5xx, and the transport errors
///   `connectionFailed` and `timedOut`. Not retried: every other status.
/// - Between attempts: the server's `retry-after-ms` / `Retry-After` wait when given (but a wait
///   longer than `policy.maxServerWait` throws `ResilientTransportError.serverWaitTooLong` at
///   once), else the policy's exponential backoff with full jitter.
/// - Every attempt takes a `ProviderLimiter` permit for `provider` (unless `limits` is nil) and
///   gives it back before sleeping.
/// - After the last attempt, the last response is returned, or the last transport error thrown.
/// - Each request is logged at `debug` and each retry at `notice` (`PrimerLog.http`), without
///   headers and with the URL's query removed.
public struct ResilientTransport: HTTPTransport {
    public let base: any HTTPTransport
    public let policy: RetryPolicy
    /// The name the limiter counts requests under (the manifest name).
    public let provider: String
    /// nil: no limits.
    public let limits: ProviderLimits?
    public let limiter: ProviderLimiter
    let sleep: @Sendable (Duration) async throws -> Void
    let random: @Sendable () -> Double

    /// - Parameters:
    ///   - sleep: how to wait between attempts; tests of the policy inject a recorder.
    ///   - random: a number in 0..<1 for the jitter; injectable for deterministic tests.
    public init(
        base: any HTTPTransport = AsyncHTTPTransport.shared, provider: String = "", limits: ProviderLimits? = nil,
        policy: RetryPolicy = .standard, limiter: ProviderLimiter = .shared,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        self.base = base
        self.provider = provider
        self.limits = limits
        self.policy = policy
        self.limiter = limiter
        self.sleep = sleep
        self.random = random
    }

    public func send(_ request: HTTPRequestSpec) async throws -> HTTPResponseData {
        var attempt = 1
        while true {
            let delay: Duration
            let why: String
            do {
                let response = try await sendOnce(request, attempt: attempt)
                guard RetryClassifier.isRetryable(response), attempt < policy.maxAttempts else { return response }
                if let asked = RetryClassifier.requestedDelay(response) {
                    guard asked <= policy.maxServerWait else {
                        throw ResilientTransportError.serverWaitTooLong(
                            url: request.url, response: response, requested: asked, limit: policy.maxServerWait)
                    }
                    delay = asked
                    why = "HTTP \(response.status), the server asks to wait"
                } else {
                    delay = policy.backoff(afterAttempt: attempt, unit: random())
                    why = "HTTP \(response.status)"
                }
            } catch let error as HTTPTransportError where attempt < policy.maxAttempts {
                delay = policy.backoff(afterAttempt: attempt, unit: random())
                why = "\(error)"
            }
            PrimerLog.http.notice(
                "\(why); retrying in \(ResilientTransportError.seconds(delay)) (attempt \(attempt + 1) of \(policy.maxAttempts))",
                metadata: ["provider": "\(provider)", "url": "\(PrimerLog.redacted(url: request.url))"])
            try await self.sleep(delay)
            attempt += 1
        }
    }

    /// One attempt under a limiter permit; the permit is released whatever happens.
    private func sendOnce(_ request: HTTPRequestSpec, attempt: Int) async throws -> HTTPResponseData {
        if let limits { try await limiter.acquire(provider, limits: limits) }
        let clock = ContinuousClock()
        let start = clock.now
        let result: Result<HTTPResponseData, any Error>
        do {
            result = .success(try await base.send(request))
        } catch {
            result = .failure(error)
        }
        if limits != nil { await limiter.release(provider) }
        let ms = start.elapsedMs(clock)
        // Message and metadata are autoclosures: nothing is formatted unless debug is on.
        PrimerLog.http.debug("\(request.method) \(PrimerLog.redacted(url: request.url)): \(Self.describe(result))", metadata: [
            "provider": "\(provider)", "attempt": "\(attempt)", "ms": "\(ms)",
        ])
        return try result.get()
    }

    static func describe(_ result: Result<HTTPResponseData, any Error>) -> String {
        switch result {
        case .success(let response): "HTTP \(response.status), \(response.body.count) bytes"
        case .failure(let error): "\(error)"
        }
    }

}

/// Why `ResilientTransport` gave up without using all its attempts.
public enum ResilientTransportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server asked (Retry-After) for a longer wait than `RetryPolicy.maxServerWait`.
    case serverWaitTooLong(url: String, response: HTTPResponseData, requested: Duration, limit: Duration)

    public var description: String {
        switch self {
        case let .serverWaitTooLong(url, response, requested, limit):
            return "\(URLRedaction.redact(url: url)) answered HTTP \(response.status) and asks to wait \(Self.seconds(requested)) before retrying, "
                + "longer than the \(Self.seconds(limit)) limit; try again later"
        }
    }

    static func seconds(_ duration: Duration) -> String {
        let value = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return value == value.rounded() ? "\(Int(value)) s" : String(format: "%.1f s", value)
    }
}
