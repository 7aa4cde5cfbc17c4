import Foundation

/// Claims on work (a plan, a subtopic's families), so that runs sharing a store never generate the
/// same thing twice. A claim is held with a heartbeat; a stale one may be taken over.
public protocol ClaimStore: Sendable {
    /// Claims `work` for `owner` unless another run holds it with a heartbeat newer than
    /// `staleAfter` seconds and a live process; true when `owner` holds it now.
    func claim(_ work: WorkKey, for owner: WorkOwner, staleAfter: TimeInterval) async throws -> Bool
    /// Renews the heartbeat of every claim `owner` holds.
    func renewClaims(of owner: WorkOwner) async throws
    func releaseClaim(_ work: WorkKey, of owner: WorkOwner) async throws
}
