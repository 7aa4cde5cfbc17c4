import Foundation
import HummingbirdBcrypt
import NIOPosix
import PrimerCore
import PrimerProviders

/// Sign-up, login and sessions: the rules of `primer serve`'s accounts, on the store's
/// `AccountStore`. Passwords are hashed with bcrypt (off the async pool: a hash takes a quarter
/// of a second at cost 12); tokens are stored hashed (`SessionToken`).
struct Accounts: Sendable {
    let store: any Store
    let policy: ServerPolicy
    let throttle: LoginThrottle
    /// A hash no password matches (of random bytes, at the policy's cost), checked for unknown
    /// emails: a login costs the same time whether or not the email has an account.
    private let absentHash: String

    init(store: any Store, policy: ServerPolicy) {
        self.store = store
        self.policy = policy
        throttle = LoginThrottle(limit: policy.loginAttempts)
        absentHash = Bcrypt.hash(SessionToken.make(), cost: UInt8(policy.passwordCost))
    }

    struct Session: Sendable {
        var account: Account
        var token: String
        var expiresAt: Date
    }

    func signUp(name: String, email: String, password: String) async throws -> Session {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        let email = email.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (2...100).contains(name.count) else { throw APIError.invalid("A name is 2 to 100 characters; ‘\(name.prefix(40))’ is \(name.count).") }
        try Self.checkEmail(email)
        guard password.count >= 8 else { throw APIError.invalid("A password is at least 8 characters; choose a longer one.") }
        guard password.utf8.count <= 72 else {
            throw APIError.invalid("A password is at most 72 bytes (bcrypt reads no further); choose a shorter one.")
        }
        let cost = UInt8(policy.passwordCost)
        let hash = try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(password, cost: cost) }
        let account = try await store.createAccount(name: name, email: email, passwordHash: hash, at: Date())
        return try await startSession(account)
    }

    func logIn(email: String, password: String, address: String?) async throws -> Session {
        let keys = ["email:" + Account.emailKey(email)] + (address.map { ["address:" + $0] } ?? [])
        if let wait = await throttle.wait(for: keys) {
            throw APIError(.rateLimited, "Too many failed logins; try again in \(wait) seconds.", retryAfter: wait)
        }
        let found = try await store.account(email: email)
        let hash = found?.passwordHash ?? absentHash
        let matches = try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(password, hash: hash) }
        guard let found, matches else {
            await throttle.failed(keys)
            throw APIError(.unauthenticated, "The email or the password is wrong.")
        }
        await throttle.succeeded(keys[0])
        return try await startSession(found.account)
    }

    func logOut(token: String) async throws {
        try await store.endSession(tokenHash: SessionToken.hash(token), at: Date())
    }

    /// The account of a session token, nil when it names no open session.
    func account(token: String) async throws -> Account? {
        guard token.count <= 200 else { return nil }
        return try await store.sessionAccount(tokenHash: SessionToken.hash(token), at: Date())
    }

    private func startSession(_ account: Account) async throws -> Session {
        let token = SessionToken.make()
        let now = Date()
        let expires = now.addingTimeInterval(Double(policy.sessionDays) * 86_400)
        try await store.startSession(accountID: account.id, tokenHash: SessionToken.hash(token), expiresAt: expires, at: now)
        return Session(account: account, token: token, expiresAt: expires)
    }

    private static func checkEmail(_ email: String) throws {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard email.count <= 254, parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !parts[1].hasPrefix("."),
            !parts[1].hasSuffix("."), !email.contains(where: \.isWhitespace)
        else { throw APIError.invalid("‘\(email.prefix(60))’ is not an email address (name@example.com).") }
    }
}
