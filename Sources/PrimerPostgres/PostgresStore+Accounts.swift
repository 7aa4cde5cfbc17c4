import Foundation
import PostgresNIO
import PrimerCore

/// Accounts and sessions of `primer serve` (`AccountStore`), and what a server checks an id
/// against before it acts on it (`OwnerScoped`).
extension PostgresStore {
    public func createAccount(name: String, email: String, passwordHash: String, at date: Date) async throws -> Account {
        try await write { connection in
            // One statement: of two sign-ups with one email, one gets the account.
            guard
                let row = try await connection.row(
                    """
                    INSERT INTO accounts (name, email, email_key, password_hash, created_at)
                    VALUES (\(name), \(email), \(Account.emailKey(email)), \(passwordHash), \(date))
                    ON CONFLICT (email_key) DO NOTHING RETURNING id
                    """, logger)
            else { throw StoreError.taken("An account with the email ‘\(email)’") }
            return Account(id: try row.value("id"), name: name, email: email, createdAt: date)
        }
    }

    public func account(email: String) async throws -> (account: Account, passwordHash: String)? {
        try await read { connection in
            try await connection.row("SELECT * FROM accounts WHERE email_key = \(Account.emailKey(email))", logger).map {
                (try Self.account($0), try $0.value("password_hash"))
            }
        }
    }

    public func startSession(accountID: Int64, tokenHash: String, expiresAt: Date, at date: Date) async throws {
        try await write { connection in
            try await connection.run(
                """
                INSERT INTO sessions (token_hash, account_id, created_at, expires_at)
                VALUES (\(tokenHash), \(accountID), \(date), \(expiresAt))
                """, logger)
        }
    }

    public func sessionAccount(tokenHash: String, at date: Date) async throws -> OpenSession? {
        try await read { connection in
            try await connection.row(
                """
                SELECT a.*, s.expires_at AS session_ends FROM sessions s JOIN accounts a ON a.id = s.account_id
                WHERE s.token_hash = \(tokenHash) AND s.expires_at > \(date)
                """, logger
            ).map { OpenSession(account: try Self.account($0), expiresAt: try $0.value("session_ends")) }
        }
    }

    public func setCalendarFeed(accountID: Int64, tokenHash: String?, at date: Date) async throws {
        try await write { connection in
            guard let tokenHash else {
                return try await connection.run("DELETE FROM calendar_feeds WHERE account_id = \(accountID)", logger)
            }
            // One statement: two new feeds at once leave the later one, never a conflict.
            try await connection.run(
                """
                INSERT INTO calendar_feeds (account_id, token_hash, created_at) VALUES (\(accountID), \(tokenHash), \(date))
                ON CONFLICT (account_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, created_at = EXCLUDED.created_at
                """, logger)
        }
    }

    public func calendarAccount(tokenHash: String) async throws -> Account? {
        try await read { connection in
            try await connection.row(
                "SELECT a.* FROM calendar_feeds f JOIN accounts a ON a.id = f.account_id WHERE f.token_hash = \(tokenHash)", logger
            ).map(Self.account)
        }
    }

    public func endSession(tokenHash: String, at date: Date) async throws {
        try await write { connection in
            try await connection.run("DELETE FROM sessions WHERE token_hash = \(tokenHash) OR expires_at <= \(date)", logger)
        }
    }

    public func subject(id: Int64) async throws -> StoredSubject? {
        try await read { connection in try await connection.row("SELECT * FROM subjects WHERE id = \(id)", logger).map(Self.subject) }
    }

    public func itemSubject(itemID: Int64) async throws -> StoredSubject? {
        try await read { connection in
            try await connection.row(
                """
                SELECT s.* FROM items x JOIN subtopics st ON st.id = x.subtopic_id JOIN topics t ON t.id = st.topic_id
                JOIN subjects s ON s.id = t.subject_id WHERE x.id = \(itemID)
                """, logger
            ).map(Self.subject)
        }
    }

    public func createSubject(_ subject: NewSubject, at date: Date) async throws -> StoredSubject {
        guard !subject.title.isEmpty else { throw StoreError.invalidWrite("a subject needs a title") }
        return try await write { connection in
            // One statement: of two creates with one title, one gets the subject, the other `taken`.
            guard
                let row = try await connection.row(
                    """
                    INSERT INTO subjects (title, title_key, notes, kind, instructions, created_at, updated_at, owner_id, color, icon)
                    VALUES (\(subject.title), \(SubjectTitle.key(subject.title)), \(subject.notes), \(subject.kind.rawValue),
                        \(subject.instructions), \(date), \(date), \(owner.id), \(subject.color), \(subject.icon))
                    ON CONFLICT (owner_id, title_key) DO NOTHING RETURNING *
                    """, logger)
            else { throw StoreError.taken("A subject titled ‘\(subject.title)’") }
            return try Self.subject(row)
        }
    }

    public func setAppearance(subjectID: Int64, color: String, icon: String) async throws {
        try await write { connection in
            guard
                try await connection.row(
                    "UPDATE subjects SET color = \(color), icon = \(icon) WHERE id = \(subjectID) RETURNING id", logger) != nil
            else { throw StoreError.notFound("subject #\(subjectID)") }
        }
    }

    private static func account(_ row: PostgresRandomAccessRow) throws -> Account {
        Account(id: try row.value("id"), name: try row.value("name"), email: try row.value("email"), createdAt: try row.value("created_at"))
    }
}
