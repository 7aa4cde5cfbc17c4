import Foundation
import PrimerCore
import Yams

/// The `settings:` of an `adapter: exec` manifest:
///
/// ```yaml
/// settings:
///   command: [python3, echo_provider.py]   # argv; relative paths: manifest folder first, then the current directory
///   env: {ECHO_STYLE: plain}               # extra environment for the child
///   pass_env: [OPENAI_API_KEY]             # variables passed through from Primer's environment
///   timeout_seconds: 120                   # per request
///   startup_timeout_seconds: 30            # extra time for the first answer after a (re)start
/// ```
///
/// The child's environment holds only PATH, HOME, LANG, the `pass_env` names and `env`: keys
/// never travel in the JSON and variables nobody listed never reach the child.
public struct ExecConfiguration: Sendable, Equatable {
    /// The argv as written in the manifest.
    public var command: [String]
    public var env: [String: String]
    public var passEnv: [String]
    public var timeoutSeconds: Double
    public var startupTimeoutSeconds: Double

    public static let keys = ["command", "env", "pass_env", "timeout_seconds", "startup_timeout_seconds"]
    /// Variables every child gets (when Primer has them).
    public static let baseEnvironment = ["PATH", "HOME", "LANG"]
    public static let defaultTimeout: Double = 120
    public static let defaultStartupTimeout: Double = 30

    public init(
        command: [String], env: [String: String] = [:], passEnv: [String] = [],
        timeoutSeconds: Double = ExecConfiguration.defaultTimeout,
        startupTimeoutSeconds: Double = ExecConfiguration.defaultStartupTimeout
    ) {
        self.command = command
        self.env = env
        self.passEnv = passEnv
        self.timeoutSeconds = timeoutSeconds
        self.startupTimeoutSeconds = startupTimeoutSeconds
    }

    /// Reads and checks the settings; bad values throw `ProviderConfigError` naming file and line.
    public init(settings: ManifestSettings) throws {
        try settings.rejectUnknownKeys(allowed: Self.keys)
        let file = settings.file.path
        guard let command = try settings.stringList("command"), !command.isEmpty,
            !command[0].trimmingCharacters(in: .whitespaces).isEmpty
        else {
            throw ProviderConfigError.badValue(
                file: file, line: settings.lineOf("command") ?? settings.line, key: "settings.command",
                problem: "is required: write the program and its arguments as a list, e.g. `command: [python3, my_provider.py]`")
        }
        self.command = command
        self.env = try Self.stringMapping(settings, "env")
        self.passEnv = try settings.stringList("pass_env") ?? []
        self.timeoutSeconds = try Self.positive(settings, "timeout_seconds") ?? Self.defaultTimeout
        self.startupTimeoutSeconds = try Self.positive(settings, "startup_timeout_seconds") ?? Self.defaultStartupTimeout
    }

    static func positive(_ settings: ManifestSettings, _ key: String) throws -> Double? {
        guard let value = try settings.double(key) else { return nil }
        guard value > 0 else {
            throw ProviderConfigError.badValue(
                file: settings.file.path, line: settings.lineOf(key), key: settings.qualified(key),
                problem: "must be more than 0 seconds, not \(value)")
        }
        return value
    }

    static func stringMapping(_ settings: ManifestSettings, _ key: String) throws -> [String: String] {
        guard let node = settings.value(key) else { return [:] }
        guard let mapping = node.mapping else { throw settings.badType(key, "a mapping like `{NAME: value}`", node) }
        var result: [String: String] = [:]
        for (name, value) in mapping {
            guard case .scalar(let nameScalar) = name, case .scalar(let valueScalar) = value else {
                throw settings.badType(key, "a mapping of names to text values like `{NAME: value}`", value)
            }
            result[nameScalar.string] = valueScalar.string
        }
        return result
    }

    /// The environment the child starts with: PATH, HOME, LANG, then `pass_env`, then `env`.
    public func childEnvironment(from parent: [String: String]) -> [String: String] {
        var result: [String: String] = [:]
        for name in Self.baseEnvironment + passEnv {
            if let value = parent[name] { result[name] = value }
        }
        if result["PATH"] == nil { result["PATH"] = "/usr/local/bin:/usr/bin:/bin" }
        result.merge(env) { _, extra in extra }
        return result
    }

    /// The argv with the program and any path-like argument resolved: a relative path is looked up
    /// in `manifestFolder` first, then in `currentDirectory`; a bare program name (no `/`) is looked
    /// up in the manifest folder and then in PATH. Throws a `ProviderError` naming the command and
    /// the manifest when the program cannot be found or is not executable.
    public func resolvedCommand(
        provider: String, manifestFile: URL, manifestLine: Int?, path: String?,
        currentDirectory: String = FileManager.default.currentDirectoryPath
    ) throws -> (executable: URL, arguments: [String]) {
        let folder = manifestFile.deletingLastPathComponent().path
        let fm = FileManager.default
        let program = command[0]
        let place = manifestLine.map { "\(manifestFile.path):\($0)" } ?? manifestFile.path

        var candidates: [String] = []
        if program.hasPrefix("/") {
            candidates = [program]
        } else if program.contains("/") {
            candidates = [Self.join(folder, program), Self.join(currentDirectory, program)]
        } else {
            candidates = [Self.join(folder, program)]
            let searchPath = (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map(String.init)
            candidates += searchPath.filter { !$0.isEmpty }.map { Self.join($0, program) }
        }
        var isDirectory: ObjCBool = false
        let existing = candidates.filter { fm.fileExists(atPath: $0, isDirectory: &isDirectory) && !isDirectory.boolValue }
        guard let found = existing.first(where: { fm.isExecutableFile(atPath: $0) }) else {
            let problem: String
            if let first = existing.first {
                problem = "`\(first)` is not executable (run `chmod +x \(first)` or start it through its interpreter, "
                    + "e.g. `command: [python3, \(program)]`)"
            } else if program.contains("/") {
                problem = "it was not found (looked in \(folder) and \(currentDirectory))"
            } else {
                problem = "it was not found in the manifest folder or on PATH"
            }
            throw ProviderError(
                provider: provider,
                message: "cannot start command `\(program)` from settings.command in \(place): \(problem)",
                retryable: false)
        }

        let arguments = command.dropFirst().map { argument -> String in
            guard !argument.isEmpty, !argument.hasPrefix("-"), !argument.hasPrefix("/"), argument.contains("/") || argument.contains(".")
            else { return argument }
            for base in [folder, currentDirectory] {
                let candidate = Self.join(base, argument)
                if fm.fileExists(atPath: candidate) { return candidate }
            }
            return argument
        }
        return (URL(fileURLWithPath: found).standardizedFileURL, arguments)
    }

    static func join(_ folder: String, _ relative: String) -> String {
        URL(fileURLWithPath: folder).appendingPathComponent(relative).standardizedFileURL.path
    }
}
