import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Work that one run at a time may generate on a store: a subject's plan, or the families of
/// one subtopic. Several processes (two `generate`s, overlapping batches, machines sharing a
/// database) claim work before they call a provider, so none generates what another is making.
public enum WorkKey: Sendable, Hashable, CustomStringConvertible {
    case plan(subjectID: Int64)
    case subtopic(subtopicID: Int64)

    public var description: String {
        switch self {
        case .plan(let id): "plan:\(id)"
        case .subtopic(let id): "subtopic:\(id)"
        }
    }
}

/// The run holding a claim. The host and pid let a store on one machine take over the claim of
/// a process that died (kill -9) at once, instead of after the heartbeat goes stale.
public struct WorkOwner: Sendable, Equatable {
    public var id: String
    public var host: String
    public var pid: Int32

    public init(id: String, host: String, pid: Int32) {
        self.id = id
        self.host = host
        self.pid = pid
    }

    /// A new owner for one run of this process.
    public static func newRun() -> WorkOwner {
        WorkOwner(id: UUID().uuidString, host: hostName, pid: getpid())
    }

    /// Whether process `pid` of this machine still runs (a claim of a dead one is taken over).
    public static func processIsAlive(_ pid: Int32) -> Bool {
        guard pid > 0 else { return false }
        return kill(pid, 0) == 0 || errno == EPERM
    }

    /// `gethostname`, not `ProcessInfo.hostName`, which can wait on a DNS lookup.
    public static let hostName: String = {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }()
}

/// Claims of one run: take a claim (waiting for another run's when asked), keep them alive with
/// a heartbeat while the run works, release them when done.
struct WorkClaims: Sendable {
    let store: any KitStore & ClaimStore
    let owner: WorkOwner

    /// A claim whose heartbeat is older than this belongs to a run that stopped (a killed
    /// process on another machine, a suspended laptop): another run may take it over.
    static let staleAfter: TimeInterval = 30
    static let heartbeat: Duration = .seconds(5)
    static let poll: Duration = .milliseconds(200)

    /// True when this run holds `work` now.
    func tryClaim(_ work: WorkKey) async throws -> Bool {
        try await store.claim(work, for: owner, staleAfter: Self.staleAfter)
    }

    /// Waits until this run holds `work`. `settled` is checked between tries: when it says the
    /// work is already done (another run finished it), the wait ends without a claim (false).
    func claim(_ work: WorkKey, onWait: () -> Void, settled: () async throws -> Bool) async throws -> Bool {
        var waited = false
        while true {
            if try await settled() { return false }
            if try await tryClaim(work) { return true }
            if !waited { onWait(); waited = true }
            try await Task.sleep(for: Self.poll)
        }
    }

    /// Runs `body` and then releases `work` (when `claimed`), whether `body` returned or threw.
    func holding<T>(_ work: WorkKey, claimed: Bool = true, _ body: () async throws -> T) async throws -> T {
        do {
            let value = try await body()
            if claimed { await release(work) }
            return value
        } catch {
            if claimed { await release(work) }
            throw error
        }
    }

    /// Releases `work`, even from a cancelled task (Ctrl-C): the release runs in a task of its
    /// own, so the store does not refuse it as part of the cancelled work.
    func release(_ work: WorkKey) async {
        let store = store, owner = owner
        await Task.detached { try? await store.releaseClaim(work, of: owner) }.value
    }

    /// Renews this run's claims until cancelled.
    func keepAlive() -> Task<Void, Never> {
        let store = store, owner = owner
        return Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: Self.heartbeat)
                try? await store.renewClaims(of: owner)
            }
        }
    }
}
