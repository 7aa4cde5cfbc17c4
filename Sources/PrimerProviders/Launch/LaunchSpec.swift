import Foundation
import Yams

/// How to start a provider's local server, from a manifest's `launch:` mapping:
///
/// ```yaml
/// launch:
///   command: ["{cache}/llama/bin/llama-server", "-m", "{model}", "--port", "{port}", "--host", "{host}"]
///   model: "{cache}/models/SmolLM2-135M-Instruct.gguf"
///   port: 18080
///   host: 127.0.0.1                 # optional, default 127.0.0.1
///   health_path: /health            # optional, default /health
///   startup_timeout_seconds: 60     # optional, default 60
///   install_hint: scripts/install-local-llm.sh
///   log: "{cache}/logs/{name}-{port}.log"   # optional, this is the default
/// ```
///
/// Placeholders in `command`, `model` and `log`: `{cache}` (the per-user cache folder, resolved
/// like `scripts/install-local-llm.sh`: `$PRIMER_CACHE`, else `$XDG_CACHE_HOME/primer`, else
/// `~/.cache/primer`), `{model}`, `{port}`, `{host}`, and in `log` also `{name}` (the
/// executable's file name). A leading `~/` is the home folder.
/// The templates are kept so a copy can run on another port (`withPort`).
public struct LaunchSpec: Sendable, Equatable {
    public static let keys = ["command", "model", "port", "host", "health_path", "startup_timeout_seconds", "install_hint", "log"]
    public static let placeholders = ["cache", "model", "port", "host"]
    public static let defaultLogTemplate = "{cache}/logs/{name}-{port}.log"

    /// argv before expansion; the first item is the executable.
    public var commandTemplate: [String]
    public var modelTemplate: String
    public var port: Int
    public var host: String
    public var healthPath: String
    public var startupTimeoutSeconds: Double
    /// What to run when the server or model is missing.
    public var installHint: String
    public var logTemplate: String
    /// The resolved `{cache}` folder.
    public var cacheDirectory: URL

    public init(
        command: [String], model: String = "", port: Int, host: String = "127.0.0.1", healthPath: String = "/health",
        startupTimeoutSeconds: Double = 60, installHint: String = "", log: String = LaunchSpec.defaultLogTemplate,
        cacheDirectory: URL
    ) {
        self.commandTemplate = command
        self.modelTemplate = model
        self.port = port
        self.host = host
        self.healthPath = healthPath.hasPrefix("/") ? healthPath : "/" + healthPath
        self.startupTimeoutSeconds = startupTimeoutSeconds
        self.installHint = installHint
        self.logTemplate = log
        self.cacheDirectory = cacheDirectory
    }

    // MARK: Resolved values

    /// The argv to run, placeholders expanded.
    public var command: [String] { commandTemplate.map(expand) }
    public var executablePath: String { command.first ?? "" }
    /// The model file, placeholders expanded; empty when the manifest names none.
    public var modelPath: String { expand(modelTemplate) }
    public var logFile: URL { URL(fileURLWithPath: expand(logTemplate)) }
    public var baseURL: String { "http://\(urlHost):\(port)" }
    public var healthURL: String { baseURL + healthPath }
    var urlHost: String { host.contains(":") ? "[\(host)]" : host }

    /// The same spec on another port (tests, or when the usual port is taken).
    public func withPort(_ port: Int) -> LaunchSpec {
        var copy = self
        copy.port = port
        return copy
    }

    /// Replaces the placeholders in one template.
    public func expand(_ template: String) -> String {
        let model = substitute(modelTemplate, name: "", model: "")
        let name = (substitute(commandTemplate.first ?? "server", name: "", model: model) as NSString).lastPathComponent
        return substitute(template, name: name, model: model)
    }

    private func substitute(_ template: String, name: String, model: String) -> String {
        var text = template
        if text == "~" || text.hasPrefix("~/") {
            text = FileManager.default.homeDirectoryForCurrentUser.path + text.dropFirst()
        }
        // `{model}` first: its value may itself hold `{cache}`.
        return text.replacingOccurrences(of: "{model}", with: model)
            .replacingOccurrences(of: "{cache}", with: cacheDirectory.path)
            .replacingOccurrences(of: "{port}", with: String(port))
            .replacingOccurrences(of: "{host}", with: host)
            .replacingOccurrences(of: "{name}", with: name)
    }

    // MARK: Cache folder

    /// `$PRIMER_CACHE`, else `$XDG_CACHE_HOME/primer`, else `$HOME/.cache/primer` (empty values
    /// count as unset, as in the install script's `${VAR:-…}`).
    public static func cacheDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        func value(_ name: String) -> String? {
            guard let text = environment[name], !text.isEmpty else { return nil }
            return text
        }
        if let cache = value("PRIMER_CACHE") { return URL(fileURLWithPath: cache) }
        if let xdg = value("XDG_CACHE_HOME") { return URL(fileURLWithPath: xdg).appendingPathComponent("primer") }
        let home = value("HOME") ?? FileManager.default.homeDirectoryForCurrentUser.path
        return URL(fileURLWithPath: home).appendingPathComponent(".cache/primer")
    }

    // MARK: Parsing

    /// Parses a manifest's `launch:` mapping. Errors name the file, the line and the key.
    public static func parse(
        _ node: Node, file: URL, line: Int? = nil, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> LaunchSpec {
        let reader = ManifestSettings(node: node, file: file, section: "launch", line: line)
        guard node.mapping != nil else {
            throw ProviderConfigError.badType(
                file: file.path, line: node.mark?.line ?? line, key: "launch",
                expected: "a mapping like `{command: [...], model: ..., port: 18080}`", got: ManifestSettings.show(node))
        }
        try reader.rejectUnknownKeys(allowed: keys)

        func missing(_ key: String, _ example: String) -> ProviderConfigError {
            .badValue(file: file.path, line: line, key: "launch.\(key)", problem: "is required; add a line such as `\(key): \(example)`")
        }
        func bad(_ key: String, _ problem: String) -> ProviderConfigError {
            .badValue(file: file.path, line: reader.lineOf(key), key: "launch.\(key)", problem: problem)
        }

        guard let command = try reader.stringList("command"), !command.isEmpty, !command[0].isEmpty else {
            throw missing("command", "[\"{cache}/llama/bin/llama-server\", \"-m\", \"{model}\", \"--port\", \"{port}\"]")
        }
        guard let port = try reader.int("port", minimum: 1) else { throw missing("port", "18080") }
        guard port <= 65535 else { throw bad("port", "must be at most 65535, not \(port)") }
        let model = try reader.string("model") ?? ""
        let host = try reader.string("host") ?? "127.0.0.1"
        guard !host.isEmpty else { throw bad("host", "must not be empty; use 127.0.0.1") }
        let healthPath = try reader.string("health_path") ?? "/health"
        let timeout = try reader.double("startup_timeout_seconds") ?? 60
        guard timeout > 0 else { throw bad("startup_timeout_seconds", "must be more than 0, not \(timeout)") }
        let installHint = try reader.string("install_hint") ?? ""
        let log = try reader.string("log") ?? defaultLogTemplate

        for (key, templates) in [("command", command), ("model", [model]), ("log", [log])] {
            for template in templates {
                if let unknown = unknownPlaceholder(in: template, allowed: key == "log" ? placeholders + ["name"] : placeholders) {
                    throw bad(key, "uses the unknown placeholder `{\(unknown)}`; use \(placeholders.map { "{\($0)}" }.joined(separator: ", "))")
                }
            }
        }
        if model.contains("{model}") { throw bad("model", "must not refer to itself with `{model}`") }

        return LaunchSpec(
            command: command, model: model, port: port, host: host, healthPath: healthPath,
            startupTimeoutSeconds: timeout, installHint: installHint, log: log,
            cacheDirectory: cacheDirectory(environment: environment))
    }

    /// The first `{word}` in a template that is not a known placeholder (braces around other
    /// text, such as JSON arguments, are left alone).
    static func unknownPlaceholder(in template: String, allowed: [String]) -> String? {
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "}") else { return nil }
            let word = after[..<close]
            if !word.isEmpty, word.allSatisfy({ $0.isLetter || $0 == "_" }), !allowed.contains(String(word)) {
                return String(word)
            }
            rest = after[after.index(after: close)...]
        }
        return nil
    }
}

extension ProviderManifest {
    /// The manifest's `launch:` section as a `LaunchSpec`; nil when it has none.
    public func launchSpec(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> LaunchSpec? {
        guard let launch else { return nil }
        return try LaunchSpec.parse(launch, file: file, line: line(ofKey: "launch"), environment: environment)
    }
}
