import Foundation
import PrimerBatch
import PrimerCore
import PrimerGeneration

/// Many subjects to generate, as a front end received them.
public struct BatchRequest: Sendable {
    public var items: [BatchItem]
    /// The provider for items that do not name one; nil: the workspace's choice.
    public var provider: String?
    /// Subjects generated side by side.
    public var jobs: Int
    /// Options for each subject's run.
    public var options: PipelineOptions

    public init(items: [BatchItem], provider: String? = nil, jobs: Int = 2, options: PipelineOptions = PipelineOptions()) {
        self.items = items
        self.provider = provider
        self.jobs = jobs
        self.options = options
    }
}

extension Workspace {
    /// Reads a batch file (YAML, JSON Lines or CSV) into items, with its file:line errors.
    public func batchItems(_ file: String) throws -> [BatchItem] {
        do { return try BatchFile.load(URL(fileURLWithPath: file, relativeTo: locations.currentDirectory)) } catch let error as BatchFileError {
            throw WorkspaceError(error.description)
        }
    }

    /// Generates the kits of many subjects. Unknown provider names, local servers that are not
    /// installed, bad families and an unusable store are refused before anything runs; one
    /// subject's failure never stops the others. Cancelling the calling task starts no new
    /// subject and stops the running ones; the report still comes back.
    public func batch(_ request: BatchRequest, progress: @escaping @Sendable (BatchEvent) -> Void = { _ in }) async throws -> BatchReport {
        let defaultProvider = providerName(request.provider)
        // One family set for the whole batch: the default provider's (a record's own provider shares it).
        let families = try families(forProvider: defaultProvider)
        let names = Set(request.items.compactMap(\.provider) + [defaultProvider])
        for name in names { _ = try resolver.manifest(named: name) }
        for name in names { _ = try provider(named: name) }
        _ = try await store()
        let runner = BatchRunner(jobs: request.jobs, options: request.options)
        return try await LocalServers.stoppingAfter {
            await runner.run(request.items, makePipeline: { item in
                try await self.pipeline(
                    families: families, provider: try self.provider(named: item.provider ?? defaultProvider),
                    documents: try await SubjectDocuments.extract(item.documents, ocrLanguage: self.locations.chosenOCRLanguage))
            }, progress: progress)
        }
    }
}
