import Foundation
import PrimerCore
import Yams

/// What `primer serve` allows each account, and how it keeps sessions.
public struct ServerPolicy: Sendable, Equatable {
    /// Generation jobs one account may have queued or running at once.
    public var concurrentJobs = 2
    /// Generation jobs one account may start in an hour.
    public var jobsPerHour = 20
    /// Failed logins allowed per email and client address in 15 minutes (`AbuseLimits`).
    public var loginAttempts = 10
    /// Accounts one client address may make in an hour.
    public var signUpsPerHour = 10
    /// Questions to a model (`ask`, `explain`) one account may send in an hour.
    public var questionsPerHour = 120
    /// Uploaded documents read at once (their OCR and speech recognition each hold a core); the
    /// others wait their turn.
    public var extractions = 2
    /// Whether the session cookie is sent only over HTTPS (`Secure`): set it behind TLS.
    public var secureCookies = false
    /// Seconds a client may send nothing while its request is read before it is disconnected.
    public var readTimeoutSeconds = 20
    /// Addresses of the reverse proxies in front of the server: a request from one of them is
    /// counted against the address its `X-Forwarded-For` ends with, not the proxy's.
    public var trustedProxies: [String] = []
    /// The largest request body, in bytes (an uploaded document included).
    public var maxUploadBytes = 10 * 1024 * 1024
    /// The extensions of the documents clients may upload (nil: every format Primer reads).
    public var uploadTypes: [String]?
    /// How long a session lasts, in days.
    public var sessionDays = 7
    /// How long a server answers a session from memory before it reads the store again: a
    /// logout on another server on the same store takes effect there within this time (on the
    /// server it was sent to, at once). 0 reads the store on every request.
    public var sessionCacheSeconds = 5
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
///   login_attempts: 10          # failed logins per email and address in 15 minutes
///   signups_per_hour: 10        # accounts one client address may make in an hour
///   questions_per_hour: 120     # ask and explain calls per account in an hour
///   extractions: 2              # uploaded documents read (OCR, speech) at once
///   secure_cookies: false       # true behind HTTPS: the session cookie is marked Secure
///   read_timeout_seconds: 20    # a client silent this long while its request is read is cut off
///   trusted_proxies: [127.0.0.1]  # proxies whose X-Forwarded-For names the client (default: none)
///   max_upload_mb: 10           # the largest request body (an uploaded document)
///   upload_types: [pdf, docx]   # the documents clients may upload (default: every format Primer reads but recordings)
///   session_days: 7
///   session_cache_seconds: 5    # a logout reaches the other servers on the store within this
///   password_cost: 12           # bcrypt cost, 4–31
///   provider: mock              # the jobs' provider when a request names none
/// ```
enum ServerSettings {
    static let keys = [
        "concurrent_jobs", "jobs_per_hour", "login_attempts", "signups_per_hour", "questions_per_hour", "extractions", "secure_cookies", "read_timeout_seconds", "trusted_proxies", "max_upload_mb", "upload_types", "session_days", "session_cache_seconds", "password_cost", "provider",
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
        if let count = try reader.int("signups_per_hour", minimum: 1) { policy.signUpsPerHour = count }
        if let count = try reader.int("questions_per_hour", minimum: 1) { policy.questionsPerHour = count }
        if let count = try reader.int("extractions", minimum: 1) { policy.extractions = count }
        if let secure = try reader.bool("secure_cookies") { policy.secureCookies = secure }
        if let seconds = try reader.int("read_timeout_seconds", minimum: 1) { policy.readTimeoutSeconds = min(seconds, 3600) }
        if let megabytes = try reader.int("max_upload_mb", minimum: 1) {
            guard let bytes = UntrustedSize.product(megabytes, 1024 * 1024, limit: 4 << 30) else {
                throw ProviderConfigError.badValue(
                    file: file.path, line: reader.lineOf("max_upload_mb"), key: "server.max_upload_mb", problem: "must be at most 4096, not \(megabytes)")
            }
            policy.maxUploadBytes = bytes
        }
        if let days = try reader.int("session_days", minimum: 1) { policy.sessionDays = days }
        if let seconds = try reader.int("session_cache_seconds", minimum: 0) { policy.sessionCacheSeconds = min(seconds, 3600) }
        if let cost = try reader.int("password_cost", minimum: 4) {
            guard cost <= 31 else {
                throw ProviderConfigError.badValue(
                    file: file.path, line: reader.lineOf("password_cost"), key: "server.password_cost",
                    problem: "must be from 4 to 31, not \(cost); each step doubles the time a login takes (12: about 0.25 s)")
            }
            policy.passwordCost = cost
        }
        policy.trustedProxies = try reader.stringList("trusted_proxies") ?? []
        policy.uploadTypes = try reader.stringList("upload_types")?.map { $0.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: ". ")) }
        policy.provider = try reader.string("provider")
        return policy
    }
}
