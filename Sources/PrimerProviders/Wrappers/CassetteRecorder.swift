import Foundation
import PrimerCore

/// Records every answer of the base provider to a cassette file (JSON Lines, one entry per line,
/// usually `Evaluations/<suite>/cassettes/<provider>.jsonl`), for the mock to replay (`replay:`).
///
/// Each successful call appends its cache key, a summary of the request (family, subject,
/// subtopic, attempt, messages…) and the whole answer, cut and refused ones included, since replay
/// must give back what the model said. Errors are not recorded. Before anything is written, every
/// text goes through a `SecretScrubber` built from the environment, and so does the finished line.
/// Put it outside a `CachingProvider` so answers served from the cache are recorded too.
public final class CassetteRecorder: ProviderWrapper, @unchecked Sendable {
    public let base: any Provider
    public let file: URL
    public let scrubber: SecretScrubber

    private let lock = NSLock()
    private var written = 0

    /// Creates the cassette's folder; `startFresh` empties an existing cassette, otherwise new
    /// entries are appended (a later entry for the same key wins on replay).
    public init(
        base: any Provider, file: URL, environment: [String: String] = ProcessInfo.processInfo.environment,
        startFresh: Bool = false
    ) throws {
        self.base = base
        self.file = file
        self.scrubber = SecretScrubber(environment: environment)
        let manager = FileManager.default
        do {
            try manager.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            if startFresh || !manager.fileExists(atPath: file.path) {
                try Data().write(to: file)
            }
        } catch {
            throw CassetteError.cannotWrite(file: file.path, reason: (error as NSError).localizedDescription)
        }
    }

    public var name: String { base.name }
    public var model: String { base.model }
    public var wrapped: any Provider { base }

    /// Entries written so far.
    public var recorded: Int { lock.withLock { written } }

    public func complete(_ request: CompletionRequest) async throws -> CompletionResponse {
        let response = try await base.complete(request)
        try record(request, response)
        return response
    }

    /// Appends the entry for this exchange. A failed write throws `CassetteError.cannotWrite`: a
    /// recording that silently misses answers would fail later, on replay.
    func record(_ request: CompletionRequest, _ response: CompletionResponse) throws {
        let (forwarded, purposeInKey) = ResponseCacheKey.resolve(request, base)
        let key = ResponseCacheKey(request: forwarded, provider: name, model: model, includePurpose: purposeInKey)
        let entry = CassetteEntry(
            key: key.hex, provider: name, model: model, purposeInKey: purposeInKey,
            request: CassetteEntry.Request(forwarded), response: response)
        let line = scrubber.scrub(try entry.scrubbed(by: scrubber).jsonLine()) + "\n"
        try lock.withLock {
            do {
                let handle = try FileHandle(forWritingTo: file)
                defer { try? handle.close() }
                try handle.seekToEnd()
                try handle.write(contentsOf: Data(line.utf8))
                written += 1
            } catch {
                throw CassetteError.cannotWrite(file: file.path, reason: (error as NSError).localizedDescription)
            }
        }
    }
}
