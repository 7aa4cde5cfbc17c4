import Foundation

/// Where a store lives: a SQLite file, or a PostgreSQL database (`postgres://…`).
public enum StoreAddress: Sendable, Equatable, CustomStringConvertible {
    case file(String)
    case postgres(PostgresURL)

    /// `postgres://` or `postgresql://` addresses name a database; anything else is a file path.
    /// A database address that cannot be used throws `StoreError.invalidAddress`.
    public static func parse(_ text: String, environment: [String: String]) throws -> StoreAddress {
        let lowered = text.lowercased()
        guard lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://") else {
            // Another scheme is not a folder name anyone means (`./postgres:/…` was made silently once).
            if let scheme = lowered.range(of: "://").map({ String(lowered[..<$0.lowerBound]) }),
                !scheme.isEmpty, scheme.allSatisfy({ $0.isLetter || $0 == "+" || $0 == "-" || $0 == "." })
            {
                throw StoreError.invalidAddress(text, reason: "‘\(scheme)://’ is not a store Primer knows: use a file path or postgres://user@host:port/database")
            }
            return .file(text)
        }
        return .postgres(try PostgresURL(text, environment: environment))
    }

    public var description: String {
        switch self {
        case .file(let path): path
        case .postgres(let url): url.redacted
        }
    }
}

/// A PostgreSQL database address: `postgres://user@host[:port]/database`. The password comes
/// from `PGPASSWORD` (as for psql), never from the address, which shells and process lists show.
public struct PostgresURL: Sendable, Equatable {
    public var user: String
    public var password: String?
    public var host: String
    public var port: Int
    public var database: String

    public init(_ text: String, environment: [String: String]) throws {
        guard let components = URLComponents(string: text), let host = components.host, !host.isEmpty else {
            throw StoreError.invalidAddress(text, reason: "write it as postgres://user@host:port/database")
        }
        if components.password != nil {
            throw StoreError.invalidAddress(
                text.replacingOccurrences(of: ":\(components.percentEncodedPassword ?? "")@", with: ":…@"),
                reason: "a password in the address is shown in shell histories and process lists; put it in PGPASSWORD instead")
        }
        guard let user = components.user, !user.isEmpty else {
            throw StoreError.invalidAddress(text, reason: "name the user: postgres://user@\(host)/database")
        }
        let database = String(components.path.drop { $0 == "/" })
        guard !database.isEmpty, !database.contains("/") else {
            throw StoreError.invalidAddress(text, reason: "name one database after the host: postgres://\(user)@\(host)/primer")
        }
        if let port = components.port, !(1...65535).contains(port) {
            throw StoreError.invalidAddress(text, reason: "the port must be 1–65535")
        }
        if let query = components.query, !query.isEmpty {
            throw StoreError.invalidAddress(text, reason: "options after ‘?’ are not supported")
        }
        self.user = user
        self.host = host
        self.port = components.port ?? 5432
        self.database = database
        password = environment["PGPASSWORD"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The address as the user may see it (it never holds the password).
    public var redacted: String { "postgres://\(user)@\(host):\(port)/\(database)" }
}
