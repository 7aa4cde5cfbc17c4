import Foundation
import GRDB
import PrimerCore

/// Accounts and sessions of `primer serve` (`AccountStore`), and what a server checks an id
/// against before it acts on it (`OwnerScoped`).
extension SQLiteStore {
    public func createAccount(name: String, email: String, passwordHash: String, at date: Date) async throws -> Account {
        let key = Account.emailKey(email)
        return try await write { db in
            if try Bool.fetchOne(db, sql: "SELECT 1 FROM accounts WHERE email_key = ?", arguments: [key]) != nil {
                throw StoreError.taken("An account with the email ‘\(email)’")
            }
            try db.execute(
                sql: "INSERT INTO accounts (name, email, email_key, password_hash, created_at) VALUES (?, ?, ?, ?, ?)",
                arguments: [name, email, key, passwordHash, date])
            return Account(id: db.lastInsertedRowID, name: name, email: email, createdAt: date)
        }
    }

    public func account(email: String) async throws -> (account: Account, passwordHash: String)? {
        try await read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM accounts WHERE email_key = ?", arguments: [Account.emailKey(email)]).map {
                (Self.account($0), $0["password_hash"])
            }
        }
    }

    public func startSession(accountID: Int64, tokenHash: String, expiresAt: Date, at date: Date) async throws {
        try await write { db in
            try db.execute(
                sql: "INSERT INTO sessions (token_hash, account_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
                arguments: [tokenHash, accountID, date, expiresAt])
        }
    }

    public func sessionAccount(tokenHash: String, at date: Date) async throws -> OpenSession? {
        try await read { db in
            try Row.fetchOne(
                db.cachedStatement(
                    sql: "SELECT a.*, s.expires_at AS session_ends FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE s.token_hash = ? AND s.expires_at > ?"),
                arguments: [tokenHash, date]
            ).map { OpenSession(account: Self.account($0), expiresAt: $0["session_ends"]) }
        }
    }

    public func endSession(tokenHash: String, at date: Date) async throws {
        try await write { db in
            try db.execute(sql: "DELETE FROM sessions WHERE token_hash = ? OR expires_at <= ?", arguments: [tokenHash, date])
        }
    }

    public func subject(id: Int64) async throws -> StoredSubject? {
        try await read { db in try SubjectRow.fetchOne(db, key: id)?.stored }
    }

    public func itemSubject(itemID: Int64) async throws -> StoredSubject? {
        try await read { db in
            try SubjectRow.fetchOne(
                db,
                sql: """
                    SELECT s.* FROM items x JOIN subtopics st ON st.id = x.subtopic_id JOIN topics t ON t.id = st.topic_id
                    JOIN subjects s ON s.id = t.subject_id WHERE x.id = ?
                    """,
                arguments: [itemID]
            )?.stored
        }
    }

    public func setAppearance(subjectID: Int64, color: String, icon: String) async throws {
        try await write { db in
            try db.execute(sql: "UPDATE subjects SET color = ?, icon = ? WHERE id = ?", arguments: [color, icon, subjectID])
            guard db.changesCount > 0 else { throw StoreError.notFound("subject #\(subjectID)") }
        }
    }

    public func createSubject(_ subject: NewSubject, at date: Date) async throws -> StoredSubject {
        guard !subject.title.isEmpty else { throw StoreError.invalidWrite("a subject needs a title") }
        return try await write { [owner] db in
            if try Self.fetchSubject(db, title: subject.title, owner: owner) != nil {
                throw StoreError.taken("A subject titled ‘\(subject.title)’")
            }
            var row = SubjectRow(
                id: nil, title: subject.title, titleKey: SubjectRow.key(subject.title), notes: subject.notes, kind: subject.kind.rawValue,
                instructions: subject.instructions, createdAt: date, updatedAt: date, ownerID: owner.id, color: subject.color, icon: subject.icon)
            try row.insert(db)
            return row.stored
        }
    }

    public func setCalendarFeed(accountID: Int64, tokenHash: String?, at date: Date) async throws {
        try await write { db in
            guard let tokenHash else { return try db.execute(sql: "DELETE FROM calendar_feeds WHERE account_id = ?", arguments: [accountID]) }
            try db.execute(
                sql: "INSERT OR REPLACE INTO calendar_feeds (account_id, token_hash, created_at) VALUES (?, ?, ?)", arguments: [accountID, tokenHash, date])
        }
    }

    public func calendarAccount(tokenHash: String) async throws -> Account? {
        try await read { db in
            try Row.fetchOne(
                db, sql: "SELECT a.* FROM calendar_feeds f JOIN accounts a ON a.id = f.account_id WHERE f.token_hash = ?", arguments: [tokenHash]
            ).map(Self.account)
        }
    }

    private static func account(_ row: Row) -> Account {
        Account(id: row["id"], name: row["name"], email: row["email"], createdAt: row["created_at"])
    }
}
