import Foundation

/// Someone with an account on a Primer server (`primer serve`). The password is never here: the
/// store keeps only its hash, and the server only compares hashes.
public struct Account: Sendable, Equatable, Codable {
    public var id: Int64
    public var name: String
    public var email: String
    public var createdAt: Date

    public init(id: Int64, name: String, email: String, createdAt: Date) {
        self.id = id
        self.name = name
        self.email = email
        self.createdAt = createdAt
    }

    public var owner: SubjectOwner { .account(id) }
}

/// A session found by its token: whose it is, and until when.
public struct OpenSession: Sendable, Equatable {
    public var account: Account
    public var expiresAt: Date

    public init(account: Account, expiresAt: Date) {
        (self.account, self.expiresAt) = (account, expiresAt)
    }
}

/// Accounts and their sessions. Emails are unique case-insensitively; a session is found by the
/// hash of its token (the token itself is never stored), and only until it expires.
public protocol AccountStore: Sendable {
    /// Creates an account; `StoreError.taken` when the email has one already.
    func createAccount(name: String, email: String, passwordHash: String, at date: Date) async throws -> Account
    /// The account with this email (any case) and its password hash.
    func account(email: String) async throws -> (account: Account, passwordHash: String)?
    func startSession(accountID: Int64, tokenHash: String, expiresAt: Date, at date: Date) async throws
    /// The account of the session with this token hash and when the session ends, nil when
    /// there is none or it expired.
    func sessionAccount(tokenHash: String, at date: Date) async throws -> OpenSession?
    /// Ends a session (logging out); expired sessions go with it.
    func endSession(tokenHash: String, at date: Date) async throws
    /// Sets the hash of the account's calendar feed token, replacing an earlier one (whose URL
    /// then finds nothing); nil removes the feed.
    func setCalendarFeed(accountID: Int64, tokenHash: String?, at date: Date) async throws
    /// The account whose calendar feed token has this hash; nil when none has.
    func calendarAccount(tokenHash: String) async throws -> Account?
}

extension Account {
    /// The one form an email is compared in: trimmed, NFKC-normalised (a decomposed "é" is the
    /// composed one, a full-width "ａ" is "a") and lowercased, so look-alikes are one account.
    public static func emailKey(_ email: String) -> String {
        email.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCompatibilityMapping.lowercased()
    }

    /// What makes `email` unusable for a new account, or nil: characters no one can see (a
    /// zero-width space, a direction mark, a soft hyphen) or control characters, which would
    /// make an address that looks like another's.
    public static func emailProblem(_ email: String) -> String? {
        for scalar in email.unicodeScalars {
            if StoredText.isForbidden(scalar) || scalar.properties.generalCategory == .format
                || scalar.properties.isDefaultIgnorableCodePoint || (scalar.properties.isWhitespace && scalar != " ")
            {
                let code = String(scalar.value, radix: 16, uppercase: true)
                return "the email holds an invisible character (U+\(String(repeating: "0", count: max(0, 4 - code.count)))\(code)); type it again without it"
            }
        }
        return nil
    }
}
