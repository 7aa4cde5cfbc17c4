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

/// A PostgreSQL database address: `postgres://user@host[:port]/database` over TCP, or
/// `postgres://user@/database?host=/var/run/postgresql` (libpq's form) over the server's Unix
/// socket in that folder, which a store on the same machine answers at less CPU a statement
/// (BENCHMARKS.md (ag)). The password comes from `PGPASSWORD` (as for psql), never from the
/// address, which shells and process lists show.
public struct PostgresURL: Sendable, Equatable {
    public var user: String
    public var password: String?
    /// The server's name or address; for a socket, the folder of its socket.
    public var host: String
    public var port: Int
    public var database: String
    /// The server's Unix socket (`<folder>/.s.PGSQL.<port>`, as libpq names it), when the
    /// address names a folder instead of a host.
    public var socketPath: String? {
        host.hasPrefix("/") ? "\(host.hasSuffix("/") ? String(host.dropLast()) : host)/.s.PGSQL.\(port)" : nil
    }

    public init(_ text: String, environment: [String: String]) throws {
        guard let components = URLComponents(string: text) else {
            throw StoreError.invalidAddress(text, reason: "write it as postgres://user@host:port/database")
        }
        if components.password != nil {
            throw StoreError.invalidAddress(
                text.replacingOccurrences(of: ":\(components.percentEncodedPassword ?? "")@", with: ":…@"),
                reason: "a password in the address is shown in shell histories and process lists; put it in PGPASSWORD instead")
        }
        // `?host=/folder` names a socket's folder (libpq); no other option is read.
        var socketFolder: String?
        for item in components.queryItems ?? [] {
            guard item.name == "host", let folder = item.value, folder.hasPrefix("/") else {
                throw StoreError.invalidAddress(
                    text, reason: "the only option after ‘?’ is host=/folder, the folder of the server's Unix socket")
            }
            socketFolder = folder
        }
        let named = components.host ?? ""
        if socketFolder != nil, !named.isEmpty {
            throw StoreError.invalidAddress(text, reason: "name a host or a socket's folder (?host=/folder), not both")
        }
        guard let host = socketFolder ?? (named.isEmpty ? nil : named) else {
            throw StoreError.invalidAddress(text, reason: "write it as postgres://user@host:port/database")
        }
        guard let user = components.user, !user.isEmpty else {
            throw StoreError.invalidAddress(text, reason: "name the user: postgres://user@\(host)/database")
        }
        let database = String(components.path.drop { $0 == "/" })
        guard !database.isEmpty, !database.contains("/") else {
            throw StoreError.invalidAddress(text, reason: "name one database after the host: postgres://\(user)@\(named)/primer")
        }
        if let port = components.port, !(1...65535).contains(port) {
            throw StoreError.invalidAddress(text, reason: "the port must be 1–65535")
        }
        self.user = user
        self.host = host
        self.port = components.port ?? 5432
        self.database = database
        password = environment["PGPASSWORD"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The address as the user may see it (it never holds the password).
    public var redacted: String {
        socketPath == nil
            ? "postgres://\(user)@\(host):\(port)/\(database)"
            : "postgres://\(user)@:\(port)/\(database)?host=\(host)"
    }
}
