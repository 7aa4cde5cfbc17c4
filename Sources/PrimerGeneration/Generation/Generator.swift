import Foundation
import Logging
import PrimerCore

/// The result of running one family: the accepted output (nil when every attempt failed) and
/// the provenance of every attempt.
public struct GenerationOutcome: Sendable {
    public var output: GeneratedOutput?
    public var record: GenerationRecord
    /// Calls made to the provider (attempts that reached it).
    public var providerCalls: Int
    /// The provider refused in a way a retry cannot fix (bad key, bad request): the run stops.
    public var fatal: Bool = false
}

/// Something the generator reports while it works (the CLI turns it into the progress line).
public struct AttemptEvent: Sendable {
    public var family: String
    public var attempt: AttemptRecord
}

/// Runs a family against a provider with retry-with-reminder: attempt 1 is the plain prompt;
/// each later attempt carries the family's reminder and the concrete reasons the previous answer
/// was rejected. Every attempt is recorded, accepted or not.
public struct Generator: Sendable {
    public let provider: any Provider
    /// Embeds what gates that read meaning compare (`relevance`, `near-duplicate`); nil: those
    /// gates keep every item.
    public var embedder: (any Embedder)?
    /// Which sample of each request to ask for (`CompletionRequest.sample`): eval's repeats.
    public var sample = 0
    /// How much of a rejected answer is shown back to the model on retry.
    static let previousAnswerLimit = 1500

    public init(provider: any Provider) { self.provider = provider }

    public func run(
        family: PromptFamily, kind: SubjectKind, values: [String: Any], purpose: RequestPurpose,
        gateContext: GateContext, onAttempt: @Sendable (AttemptEvent) -> Void = { _ in }
    ) async throws -> GenerationOutcome {
        var attempts: [AttemptRecord] = []
        var retry: RetryNote?
        var calls = 0
        var stopReason: String?
        // The normalised answers so far, by attempt: a retry that repeats one bought nothing.
        var answers: [String: Int] = [:]
        var raise = 0.0

        for number in 1...family.attempts {
            try Task.checkCancellation()
            var request = CompletionRequest(
                messages: family.messages(kind: kind, values: values, retry: retry),
                purpose: purpose, jsonSchema: family.jsonSchema,
                temperature: raise > 0 ? SamplingTemperature.raised(family.temperature ?? Self.defaultTemperature, by: raise) : family.temperature,
                maxTokens: family.maxTokens)
            request.purpose.attempt = number
            request.temperatureRaise = raise
            request.sample = sample

            let clock = ContinuousClock()
            let start = clock.now
            let response: CompletionResponse
            do {
                calls += 1
                response = try await provider.complete(request)
            } catch let error as ProviderError {
                let record = AttemptRecord(number: number, status: .error, reasons: [error.message], latencyMs: start.elapsedMs(clock))
                PrimerLog.generation.notice(
                    "\(family.name) attempt \(number) of \(family.attempts): provider error: \(error.message)",
                    metadata: Self.metadata(purpose, retryable: error.retryable))
                attempts.append(record)
                onAttempt(AttemptEvent(family: family.name, attempt: record))
                if !error.retryable {
                    stopReason = error.description
                    break
                }
                // The model never answered, so there is nothing to remind it of: ask again plainly.
                retry = nil
                continue
            }
            let latency = start.elapsedMs(clock)
            var judged = try await judge(response, family: family, gateContext: gateContext)
            // Only a rejected answer is compared with the earlier ones (an accepted one ends the run).
            let normalized = judged.output == nil ? GateText.normalize(response.text) : ""
            let repeated = judged.output == nil ? answers[normalized] : nil
            if let repeated {
                // The same answer again: the next attempt is asked at a higher temperature, and
                // told so with the other reasons.
                raise += Self.temperatureStep
                judged.reasons.append(
                    "your answer repeats attempt \(repeated) word for word; write a different one (asked again at a higher temperature)")
            } else if judged.output == nil && answers[normalized] == nil {
                answers[normalized] = number
            }
            var record = AttemptRecord(
                number: number, status: judged.output == nil ? .rejected : .accepted,
                reasons: judged.reasons, dropped: judged.dropped, usage: response.usage, cost: response.cost,
                latencyMs: latency, finishReason: response.finishReason)
            record.repeatsAttempt = repeated
            log(record, family: family, purpose: purpose)
            attempts.append(record)
            onAttempt(AttemptEvent(family: family.name, attempt: record))
            if let output = judged.output {
                return GenerationOutcome(
                    output: output,
                    record: makeRecord(family, attempts, status: .ok, error: nil, citations: response.citations, model: response.model),
                    providerCalls: calls)
            }
            retry = RetryNote(
                attempt: number + 1, reasons: judged.reasons,
                previousAnswer: String(response.text.prefix(Self.previousAnswerLimit)))
        }

        let last = attempts.last?.reasons.joined(separator: "; ") ?? "no attempt was made"
        let error = stopReason.map { "\(family.name): \($0)" }
            ?? "\(family.name) failed after \(attempts.count) attempt\(attempts.count == 1 ? "" : "s"): \(last)"
        return GenerationOutcome(
            output: nil, record: makeRecord(family, attempts, status: .failed, error: error, citations: [], model: provider.model),
            providerCalls: calls, fatal: stopReason != nil)
    }

    /// How much each repeated answer raises the temperature of the next attempt, and the
    /// highest temperature a raise reaches.
    static let temperatureStep = 0.3
    /// The temperature a raise starts from when the family sets none (providers' defaults are
    /// near it).
    static let defaultTemperature = 0.7


    /// An accepted attempt at `debug`, a rejected one at `info` with its reasons. (The message
    /// and metadata are autoclosures: nothing is formatted when the level is off.)
    func log(_ record: AttemptRecord, family: PromptFamily, purpose: RequestPurpose) {
        if record.status == .accepted {
            PrimerLog.generation.debug(
                "\(family.name) attempt \(record.number) accepted (\(Self.summary(record)))\(record.dropped.isEmpty ? "" : "; dropped \(record.dropped.count) items")",
                metadata: Self.metadata(purpose))
        } else {
            PrimerLog.generation.info(
                "\(family.name) attempt \(record.number) of \(family.attempts) rejected (\(Self.summary(record))): \(record.reasons.joined(separator: "; "))",
                metadata: Self.metadata(purpose))
        }
    }

    static func summary(_ record: AttemptRecord) -> String {
        "\(record.usage.promptTokens) prompt + \(record.usage.completionTokens) completion tokens, \(record.latencyMs) ms"
    }

    static func metadata(_ purpose: RequestPurpose, retryable: Bool? = nil) -> Logger.Metadata {
        var metadata: Logger.Metadata = ["subject": "\(purpose.subject)"]
        if !purpose.subtopic.isEmpty { metadata["subtopic"] = "\(purpose.subtopic)" }
        if let retryable { metadata["retryable"] = "\(retryable)" }
        return metadata
    }

    /// Parses and gates one answer. A truncated answer or a refusal is a rejection, never a
    /// silently short kit.
    func judge(_ response: CompletionResponse, family: PromptFamily, gateContext: GateContext) async throws
        -> (output: GeneratedOutput?, reasons: [String], dropped: [String])
    {
        switch response.finishReason {
        case .length:
            return (nil, ["the answer was cut off at the token limit; write fewer or shorter items so it ends properly"], [])
        case .refusal:
            return (nil, ["the answer was a refusal; this is ordinary study material, please write it"], [])
        case .stop, .other:
            break
        }
        let parsed: GeneratedOutput
        do {
            parsed = try OutputParser.parse(response.text, for: family)
        } catch let failure as ParseFailure {
            return (nil, [failure.reason], [])
        } catch {
            return (nil, ["the answer could not be read: \(error)"], [])
        }
        var context = gateContext
        context.labels = context.labels ?? family.labels
        if let embedder {
            context.meanings = try await GateMeanings.make(for: parsed, context: context, chain: family.gates, embedder: embedder)
        }
        let verdict = family.gates.apply(parsed, context: context)
        if !verdict.rejections.isEmpty {
            return (nil, verdict.rejections + verdict.dropped, verdict.dropped)
        }
        return (verdict.output, [], verdict.dropped)
    }

    func makeRecord(
        _ family: PromptFamily, _ attempts: [AttemptRecord], status: GenerationRecord.Status, error: String?,
        citations: [Citation], model: String
    ) -> GenerationRecord {
        GenerationRecord(
            family: family.name, familyVersion: family.version, familyHash: family.contentHash,
            provider: provider.name, model: model, attempts: attempts, status: status, error: error,
            citations: citations)
    }
}
