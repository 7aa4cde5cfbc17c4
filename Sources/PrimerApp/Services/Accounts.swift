import Foundation
import HummingbirdBcrypt
import NIOPosix
import PrimerCore
import PrimerProviders

/// Sign-up, login and sessions: the rules of `primer serve`'s accounts, on the store's
/// `AccountStore`. Passwords are hashed with bcrypt (off the async pool: a hash takes a quarter
/// of a second at cost 12); tokens are stored hashed (`SessionToken`). Failed logins and
/// sign-ups are counted in the store (`AbuseLimits`), so restarts and other servers see them.
public struct Accounts: Sendable {
    let store: any Store
    let policy: ServerPolicy
    let limits: AbuseLimits
    let sessions: SessionCache

    /// Counts a question (`ask`, `explain`) against the account's hourly limit; `RateLimited` past it.
    public func admitQuestion(of owner: SubjectOwner) async throws {
        try await limits.admitQuestion(of: owner)
    }
    /// A hash no password matches (of random bytes, at the policy's cost), checked for unknown
    /// emails: a login costs the same time whether or not the email has an account.
    private let absentHash: String

    init(store: any Store, policy: ServerPolicy) {
        self.store = store
        self.policy = policy
        limits = AbuseLimits(store: store, policy: policy)
        sessions = SessionCache(lifetime: TimeInterval(policy.sessionCacheSeconds))
        absentHash = Bcrypt.hash(SessionToken.make(), cost: UInt8(policy.passwordCost))
    }

    public struct Session: Sendable {
        public var account: Account
        public var token: String
        public var expiresAt: Date
    }

    public func signUp(name: String, email: String, password: String, address: String?) async throws -> Session {
        // One line of words: runs of spaces, tabs and line breaks become one space.
        let name = name.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        // Invisible characters are refused before spaces are trimmed (a trailing zero-width space
        // would otherwise be trimmed by some platforms and kept by others).
        if let problem = Account.emailProblem(email.trimmingCharacters(in: CharacterSet(charactersIn: " "))) {
            throw WorkspaceError(.invalid, problem.prefix(1).uppercased() + problem.dropFirst() + ".")
        }
        let email = email.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (2...100).contains(name.count) else { throw WorkspaceError(.invalid, "A name is 2 to 100 characters; ‘\(name.prefix(40))’ is \(name.count).") }
        try Self.checkEmail(email)
        if let problem = PasswordRule.problem(password, email: email, name: name) { throw WorkspaceError(.invalid, problem) }
        try await limits.admitSignUp(from: address)
        let cost = UInt8(policy.passwordCost)
        let hash = try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(password, cost: cost) }
        let account = try await store.createAccount(name: name, email: email, passwordHash: hash, at: Date())
        return try await startSession(account)
    }

    public func logIn(email: String, password: String, address: String?) async throws -> Session {
        // No account has a longer email or password: refused before anything is counted or stored.
        guard email.count <= 254, password.utf8.count <= 72 else { throw WorkspaceError(.unauthenticated, "The email or the password is wrong.") }
        let attempt = try await limits.admitLogin(emailKey: Account.emailKey(email), address: address)
        let found = try await store.account(email: email)
        let hash = found?.passwordHash ?? absentHash
        let matches = try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(password, hash: hash) }
        guard let found, matches else { throw WorkspaceError(.unauthenticated, "The email or the password is wrong.") }
        try await limits.succeeded(attempt)
        return try await startSession(found.account)
    }

    public func logOut(token: String) async throws {
        let hash = SessionToken.hash(token)
        sessions.forget(tokenHash: hash, at: Date())
        try await store.endSession(tokenHash: hash, at: Date())
        // Again once the store has ended it: a request meanwhile may have read it still open.
        sessions.forget(tokenHash: hash, at: Date())
    }

    /// The account of a session token, nil when it names no open session.
    public func account(token: String) async throws -> Account? {
        guard token.count <= 200 else { return nil }
        let hash = SessionToken.hash(token)
        switch sessions.lookup(tokenHash: hash, at: Date()) {
        case .fresh(let account):
            return account
        case .refresh(let account):
            // Not awaited: this request is served from the cache while the store is read.
            Task { try? await readSession(hash, cached: true) }
            return account
        case .missing:
            return try await readSession(hash, cached: false)
        }
    }

    /// The account of the session the store has under this hash, kept in the cache; when the
    /// store has no open session under it, a `cached` hash is forgotten (an unknown one is not
    /// written down: made-up tokens would fill the cache).
    @discardableResult
    private func readSession(_ hash: String, cached: Bool) async throws -> Account? {
        let now = Date()
        guard let session = try await store.sessionAccount(tokenHash: hash, at: now) else {
            if cached { sessions.forget(tokenHash: hash, at: now) }
            return nil
        }
        sessions.keep(session.account, tokenHash: hash, sessionEnds: session.expiresAt, readAt: now)
        return session.account
    }

    /// A new secret for the account's calendar feed (the token in its URL); an earlier one stops
    /// working. Only its hash is stored, as a session's.
    public func newCalendarFeed(for account: Account) async throws -> String {
        let token = SessionToken.make()
        try await store.setCalendarFeed(accountID: account.id, tokenHash: SessionToken.hash(token), at: Date())
        return token
    }

    /// Removes the account's calendar feed: its URL finds nothing from now on.
    public func removeCalendarFeed(for account: Account) async throws {
        try await store.setCalendarFeed(accountID: account.id, tokenHash: nil, at: Date())
    }

    /// The account whose calendar feed this token opens; nil when none.
    public func calendarAccount(token: String) async throws -> Account? {
        guard (1...200).contains(token.count) else { return nil }
        return try await store.calendarAccount(tokenHash: SessionToken.hash(token))
    }

    private func startSession(_ account: Account) async throws -> Session {
        let token = SessionToken.make()
        let now = Date()
        let expires = now.addingTimeInterval(Double(policy.sessionDays) * 86_400)
        try await store.startSession(accountID: account.id, tokenHash: SessionToken.hash(token), expiresAt: expires, at: now)
        return Session(account: account, token: token, expiresAt: expires)
    }

    private static func checkEmail(_ email: String) throws {
        if let problem = Account.emailProblem(email) { throw WorkspaceError(.invalid, problem.prefix(1).uppercased() + problem.dropFirst() + ".") }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard email.count <= 254, parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !parts[1].hasPrefix("."),
            !parts[1].hasSuffix("."), !email.contains(where: \.isWhitespace)
        else { throw WorkspaceError(.invalid, "‘\(email.prefix(60))’ is not an email address (name@example.com).") }
    }
}

/// What a password must be: 8 characters to 72 bytes (bcrypt reads no further), not one
/// character repeated, not blank, not the email or the name, not one of the passwords tried
/// first by anyone guessing.
enum PasswordRule {
    static let common: Set<String> = [
        "password", "password1", "12345678", "123456789", "1234567890", "qwertyui", "qwerty123", "iloveyou", "11111111", "abcdefgh",
        "abcd1234", "letmein1", "passw0rd", "welcome1", "sunshine", "princess", "football", "baseball", "whatever", "trustno1",
        "87654321", "asdfghjk", "zaq12wsx", "1q2w3e4r", "monkey12", "dragon12", "master12", "superman", "starwars", "computer",
    ]

    static func problem(_ password: String, email: String, name: String) -> String? {
        if let problem = StoredText.problem(in: password, field: "password") { return problem.prefix(1).uppercased() + problem.dropFirst() + "." }
        guard password.count >= 8 else { return "A password is at least 8 characters; choose a longer one." }
        guard password.utf8.count <= 72 else { return "A password is at most 72 bytes (bcrypt reads no further); choose a shorter one." }
        let lowered = password.lowercased()
        if password.allSatisfy(\.isWhitespace) { return "A password of spaces only is too easy to guess; choose another." }
        if Set(password).count == 1 { return "A password of one character repeated is too easy to guess; choose another." }
        if lowered == email.lowercased() || lowered == email.lowercased().split(separator: "@").first.map(String.init) || lowered == name.lowercased() {
            return "A password is not your email or your name; choose another."
        }
        if common.contains(lowered) { return "That password is among the first any guesser tries; choose another." }
        return nil
    }
}
