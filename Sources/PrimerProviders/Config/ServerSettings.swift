import Foundation
import PrimerCore
import Yams

/// What `primer serve` allows each account, and how it keeps sessions.
public struct ServerPolicy: Sendable, Equatable {
    /// Generation jobs one account may have queued or running at once.
    public var concurrentJobs = 2
    /// Generation jobs one account may start in an hour.
    public var jobsPerHour = 20
    /// Failed logins allowed per email (and per client address) in 15 minutes.
    public var loginAttempts = 10
    /// The largest request body, in bytes (an uploaded document included).
    public var maxUploadBytes = 10 * 1024 * 1024
    /// The extensions of the documents clients may upload (nil: every format Primer reads).
    public var uploadTypes: [String]?
    /// How long a session lasts, in days.
    public var sessionDays = 7
    /// bcrypt's cost for password hashes (2^cost rounds); 12 takes about 0.25 s a hash here.
    public var passwordCost = 12
    /// The provider jobs use when the request names none (nil: the workspace's choice).
    public var provider: String?

    public init() {}
}

/// `server:` in primer.yaml.
///
/// ```yaml
/// server:
///   concurrent_jobs: 2          # generation jobs an account may have running at once
///   jobs_per_hour: 20           # generation jobs an account may start in an hour
///   login_attempts: 10          # failed logins per email and per address in 15 minutes
///   max_upload_mb: 10           # the largest request body (an uploaded document)
///   upload_types: [pdf, docx]   # the documents clients may upload (default: every format Primer reads but recordings)
///   session_days: 7
///   password_cost: 12           # bcrypt cost, 4–31
///   provider: mock              # the jobs' provider when a request names none
/// ```
enum ServerSettings {
    static let keys = [
        "concurrent_jobs", "jobs_per_hour", "login_attempts", "max_upload_mb", "upload_types", "session_days", "password_cost", "provider",
    ]

    static func parse(_ node: Node, file: URL) throws -> ServerPolicy {
        guard node.mapping != nil else {
            throw ProviderConfigError.badType(
                file: file.path, line: node.mark?.line, key: "server", expected: "a mapping of settings", got: ManifestSettings.show(node))
        }
        let reader = ManifestSettings(node: node, file: file, section: "server", line: node.mark?.line)
        try reader.rejectUnknownKeys(allowed: keys)
        var policy = ServerPolicy()
        if let jobs = try reader.int("concurrent_jobs", minimum: 1) { policy.concurrentJobs = jobs }
        if let jobs = try reader.int("jobs_per_hour", minimum: 1) { policy.jobsPerHour = jobs }
        if let attempts = try reader.int("login_attempts", minimum: 1) { policy.loginAttempts = attempts }
        if let megabytes = try reader.int("max_upload_mb", minimum: 1) { policy.maxUploadBytes = megabytes * 1024 * 1024 }
        if let days = try reader.int("session_days", minimum: 1) { policy.sessionDays = days }
        if let cost = try reader.int("password_cost", minimum: 4) {
            guard cost <= 31 else {
                throw ProviderConfigError.badValue(
                    file: file.path, line: reader.lineOf("password_cost"), key: "server.password_cost",
                    problem: "must be from 4 to 31, not \(cost); each step doubles the time a login takes (12: about 0.25 s)")
            }
            policy.passwordCost = cost
        }
        policy.uploadTypes = try reader.stringList("upload_types")?.map { $0.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: ". ")) }
        policy.provider = try reader.string("provider")
        return policy
    }
}
