import Foundation
import Logging

/// Primer's diagnostics (swift-log): what a user turns on with `PRIMER_LOG_LEVEL` to see why a
/// run is slow or failing — each HTTP request and retry, each attempt and why it was rejected,
/// the local server starting and stopping. Off (warnings only) by default, because the CLI's own
/// output already says what happened; written to standard error.
///
/// Nothing logged carries a secret: headers are never logged, and URLs have their user info and
/// secret-looking query values (some APIs take a key there) masked through `redacted(url:)`.
public enum PrimerLog {
    public static let http = Logger(label: "primer.http")
    public static let generation = Logger(label: "primer.generation")
    public static let server = Logger(label: "primer.server")

    /// The environment variable that sets the level.
    public static let levelVariable = "PRIMER_LOG_LEVEL"
    public static let defaultLevel = Logger.Level.warning

    /// The level `environment` asks for; an unknown value is an error that lists the levels.
    public static func level(from environment: [String: String]) throws -> Logger.Level {
        guard let raw = environment[levelVariable]?.trimmingCharacters(in: .whitespaces).lowercased(), !raw.isEmpty else {
            return defaultLevel
        }
        guard let level = Logger.Level(rawValue: raw) else { throw InvalidLogLevel(value: raw) }
        return level
    }

    /// Sends every log line at `level` or above to standard error. Call once, before logging.
    public static func bootstrap(level: Logger.Level) {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
    }

    /// `url` with its user info and secret-looking parameter values masked (`URLRedaction`).
    public static func redacted(url: String) -> String {
        URLRedaction.redact(url: url)
    }

    public struct InvalidLogLevel: Error, CustomStringConvertible {
        public let value: String
        public var description: String {
            "\(PrimerLog.levelVariable)=\(value) is not a log level; use one of "
                + Logger.Level.allCases.map(\.rawValue).joined(separator: ", ") + " (or unset it)."
        }
    }
}
