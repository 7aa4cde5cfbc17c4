import Foundation
import PrimerCore

/// The provider boundary for secrets: everything a provider sends back — its answer, the model
/// name, citations, error messages, `check` messages — passes through a `SecretScrubber` before
/// it reaches the generation record, the store, logs or the terminal. A server that echoes the
/// API key (in an answer or an error) or a `base_url` with `user:pass@` therefore leaves no
/// trace. `ProviderResolver` puts it around every provider it makes, so adapters need not each
/// remember to.
public struct ScrubbingProvider: ProviderWrapper, ProviderChecking {
    public let base: any Provider
    public let scrubber: SecretScrubber

    public init(base: any Provider, scrubber: SecretScrubber) {
        self.base = base
        self.scrubber = scrubber
    }

    public var name: String { base.name }
    public var model: String { base.model }
    public var wrapped: any Provider { base }
    /// Whether the provider inside can be checked without generating (`providers check`).
    public var isCheckable: Bool { (base as? MeteredProvider)?.isCheckable ?? (base is any ProviderChecking) }

    public func complete(_ request: CompletionRequest) async throws -> CompletionResponse {
        let response: CompletionResponse
        do {
            response = try await base.complete(request)
        } catch var error as ProviderError {
            error.message = scrubber.scrub(error.message)
            throw error
        } catch let error as CancellationError {
            throw error
        } catch {
            // Adapters report ProviderError; anything else that would show a secret is rewritten.
            let text = "\(error)"
            let scrubbed = scrubber.scrub(text)
            if scrubbed == text { throw error }
            throw ProviderError(provider: name, message: scrubbed, retryable: false)
        }
        return scrubbed(response)
    }

    /// `response` with every text scrubbed.
    public func scrubbed(_ response: CompletionResponse) -> CompletionResponse {
        var response = response
        response.text = scrubber.scrub(response.text)
        response.model = scrubber.scrub(response.model)
        response.citations = response.citations.map {
            Citation(url: scrubber.scrub($0.url), title: scrubber.scrub($0.title), snippet: scrubber.scrub($0.snippet))
        }
        return response
    }

    public func check() async -> ProviderCheck {
        guard isCheckable, let checking = base as? any ProviderChecking else {
            return ProviderCheck(reachable: true, message: "\(name) cannot be checked without generating")
        }
        var check = await checking.check()
        check.message = scrubber.scrub(check.message)
        check.models = check.models.map(scrubber.scrub)
        return check
    }
}
