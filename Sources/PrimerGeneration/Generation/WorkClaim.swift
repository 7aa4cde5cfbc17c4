import Foundation
import PrimerCore

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

    /// Releases `work`, even from a cancelled task (Ctrl-C): a release the store refused (as part
    /// of the cancelled work) is made again in a task of its own. Not every release runs there:
    /// a task of its own is one more thread hop a subtopic.
    func release(_ work: WorkKey) async {
        let store = store, owner = owner
        if !Task.isCancelled, (try? await store.releaseClaim(work, of: owner)) != nil { return }
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
