import Foundation
#if canImport(Glibc)
import Glibc
#endif
import PrimerCore
import PrimerProviders

/// The server's limits on what one client may ask, counted in the store (`LimitStore`): across
/// restarts, across servers on one store, atomically.
///
/// Logins: failures are counted per email *and* address pair, per email, and per address. A
/// pair may fail `login_attempts` times in 15 minutes; every `login_attempts` failures of the
/// email from other addresses, or of the address at other emails, take one try off that, down to
/// three. So an address guessing at many accounts, or many addresses at one account, slow down —
/// but the right password of an account that was not attacked from an address always works from
/// it: no address locks out everyone behind it, no attacker locks out an account's owner.
struct AbuseLimits: Sendable {
    let store: any Store
    let policy: ServerPolicy
    static let loginWindow: TimeInterval = 15 * 60
    static let hour: TimeInterval = 3600

    /// A login being tried: its events count as failures until `succeeded`.
    struct LoginAttempt: Sendable {
        var events: [Int64]
        var pairKey: String
    }

    func admitLogin(emailKey: String, address: String?) async throws -> LoginAttempt {
        let address = Self.addressKey(address)
        let keys = ["login:\(emailKey)|\(address)", "login-email:\(emailKey)", "login-address:\(address)"]
        let limit = policy.loginAttempts
        let floor = min(3, limit)
        // The backoff counts the failures of the email from other addresses and of the address
        // at other emails: one address guessing at one account meets the plain limit.
        let check = LimitCheck(counted: keys, window: Self.loginWindow, recorded: keys) { counts in
            let elsewhere = (counts[1] - counts[0]) / limit + (counts[2] - counts[0]) / limit
            return counts[0] < max(floor, limit - elsewhere)
        }
        switch try await store.admit(check, at: Date()) {
        case .admitted(let events): return LoginAttempt(events: events, pairKey: keys[0])
        case .refused(let wait): throw RateLimited("Too many failed logins; try again in \(wait) seconds.", retryAfter: wait)
        }
    }

    /// A right password: this attempt was no failure, and the pair's failures are forgiven.
    func succeeded(_ attempt: LoginAttempt) async throws {
        try await store.forgetEvents(attempt.events)
        try await store.clearEvents(key: attempt.pairKey)
    }

    /// At most `signups_per_hour` accounts from one address in an hour.
    func admitSignUp(from address: String?) async throws {
        try await admit(.atMost(policy.signUpsPerHour, of: "signup:\(Self.addressKey(address))", in: Self.hour)) { wait in
            "This address made \(policy.signUpsPerHour) accounts in the last hour; try again in \(wait / 60 + 1) minutes."
        }
    }

    /// At most `jobs_per_hour` generations started by an account in an hour, whether or not their
    /// jobs or subjects still exist. Returns the event, to take back when the start fails.
    func admitJob(of account: SubjectOwner) async throws -> [Int64] {
        try await admit(.atMost(policy.jobsPerHour, of: "jobs:\(account.id)", in: Self.hour)) { _ in
            "You started \(policy.jobsPerHour) generations in the last hour (at most \(policy.jobsPerHour)); try again later."
        }
    }

    /// At most `questions_per_hour` questions to a model (`ask`, `explain`) by an account in an hour.
    func admitQuestion(of account: SubjectOwner) async throws {
        _ = try await admit(.atMost(policy.questionsPerHour, of: "questions:\(account.id)", in: Self.hour)) { wait in
            "You asked \(policy.questionsPerHour) questions in the last hour (at most \(policy.questionsPerHour)); ask again in \(wait / 60 + 1) minutes."
        }
    }

    /// An address as the limits count it: an IPv4 address whole, an IPv6 address by its /64
    /// (one client usually holds a whole /64, and could step through it).
    static func addressKey(_ address: String?) -> String {
        guard let address else { return "unknown" }
        var bytes = [UInt8](repeating: 0, count: 16)
        guard address.contains(":"), inet_pton(AF_INET6, address, &bytes) == 1 else { return address }
        return bytes.prefix(8).map { String(format: "%02x", $0) }.joined() + "::/64"
    }

    func takeBack(_ events: [Int64]) async {
        try? await store.forgetEvents(events)
    }

    @discardableResult
    private func admit(_ check: LimitCheck, message: (Int) -> String) async throws -> [Int64] {
        switch try await store.admit(check, at: Date()) {
        case .admitted(let events): return events
        case .refused(let wait): throw RateLimited(message(wait), retryAfter: wait)
        }
    }
}
