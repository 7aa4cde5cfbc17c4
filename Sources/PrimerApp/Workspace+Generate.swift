import Foundation
import PrimerCore
import PrimerDocuments
import PrimerGeneration

/// One subject to generate, as a front end received it.
public struct GenerateRequest: Sendable {
    public var subject: SubjectRequest
    /// Documents to attach and ground the kit on (paths).
    public var documents: [String]
    /// A provider or profile name; nil: the workspace's choice.
    public var provider: String?
    public var options: PipelineOptions

    public init(subject: SubjectRequest, documents: [String] = [], provider: String? = nil, options: PipelineOptions = PipelineOptions()) {
        self.subject = subject
        self.documents = documents
        self.provider = provider
        self.options = options
    }
}

/// What a generation reports while it runs, then its result.
public enum GenerateEvent: Sendable {
    /// A document was attached to the subject (or was already there): one line on it.
    case documentAttached(String)
    case progress(ProgressEvent)
    case finished(RunSummary)
}

/// A run that stopped on an error after it started (a refused request, a plan that cannot be
/// made): the summary as far as it got, and the error. Everything generated before is stored.
public struct RunStopped: Error, CustomStringConvertible, Sendable {
    public let summary: StoppedRunSummary
    public let description: String
}

extension Workspace {
    /// Generates (or completes) a subject's kit. Everything that can be refused before a model
    /// call (the provider, the families, the documents, the store) is checked here and thrown;
    /// the run itself reports through the returned sequence, which ends with `.finished` or
    /// throws `RunStopped`. Cancelling the consuming task cancels the run.
    public func generate(_ request: GenerateRequest) async throws -> AsyncThrowingStream<GenerateEvent, Error> {
        let providerName = providerName(request.provider)
        let families = try families(forProvider: providerName)
        let provider = try provider(named: providerName)
        let documents = try await SubjectDocuments.extract(request.documents, ocrLanguage: locations.chosenOCRLanguage)
        let store = try await store()
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: GenerateEvent.self)
        let pipeline = try await pipeline(families: families, provider: provider, documents: documents) {
            continuation.yield(.documentAttached($0))
        }
        let task = Task {
            let tally = StoppedRunSummary.Tally()
            do {
                let summary = try await pipeline.run(request.subject, options: request.options) { event in
                    tally.record(event)
                    continuation.yield(.progress(event))
                }
                continuation.yield(.finished(summary))
                continuation.finish()
            } catch {
                let title = SubjectTitle.normalized(request.subject.title)
                let summary = await tally.summary(title: title, provider: provider, store: store, error: error)
                continuation.finish(throwing: RunStopped(summary: summary, description: "\(error)"))
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}
