import Foundation
import PrimerCore
import Yams
import PrimerYAML

/// How hard the pipeline may push a provider.
public struct ProviderLimits: Sendable, Equatable {
    /// Requests in flight at once (at least 1).
    public var concurrentRequests: Int
    /// Requests started per minute; 0 means no limit.
    public var requestsPerMinute: Int
    /// Tokens the model's context holds (prompt and answer), when it is small enough to matter:
    /// the document passages of a request are sized to fit it.
    public var contextTokens: Int?
    public init(concurrentRequests: Int = 4, requestsPerMinute: Int = 0, contextTokens: Int? = nil) {
        self.concurrentRequests = concurrentRequests
        self.requestsPerMinute = requestsPerMinute
        self.contextTokens = contextTokens
    }
}

/// One provider manifest, `Plugins/<name>.yaml`:
///
/// ```yaml
/// name: mock                 # optional, defaults to the file name
/// adapter: mock              # which adapter builds it
/// description: Deterministic offline provider for tests and dry runs
/// model: mock-1
/// capabilities: [json_schema, seed]
/// limits: {concurrent_requests: 4, requests_per_minute: 0}
/// settings: {seed: 42}       # adapter-specific mapping
/// launch: {command: [...], model: ..., port: 18080}  # optional: a local server to start (LaunchSpec)
/// ```
///
/// `@unchecked Sendable`: `settings` is a Yams node tree, a value that is never mutated after
/// parsing (its `Tag` class is only read).
public struct ProviderManifest: @unchecked Sendable {
    public var name: String
    public var adapter: String
    public var description: String
    /// The model the adapter asks for; empty when the manifest does not say (the adapter picks).
    public var model: String
    public var capabilities: [String]
    public var limits: ProviderLimits
    /// The adapter-specific `settings:` mapping (an empty mapping when absent).
    public var settings: Node
    /// The file the manifest was read from.
    public var file: URL
    /// The raw `launch:` mapping (a local server to start before the run, see `LaunchSpec`);
    /// nil when the manifest has none.
    public var launch: Node?
    /// `prompts:`, resolved against the manifest's folder: prompt families written for this
    /// provider's model (a tiny local model needs shorter tasks and smaller schemas). Used when
    /// the user has not chosen a prompts folder; nil when the manifest has none.
    public var prompts: URL?

    /// The top-level keys a manifest may have. New schema keys are added here.
    public static let topLevelKeys = ["name", "adapter", "description", "model", "capabilities", "limits", "settings", "launch", "prompts"]
    static let limitKeys = ["concurrent_requests", "requests_per_minute", "context_tokens"]

    /// Line of each top-level key, for error messages.
    var keyLines: [String: Int] = [:]

    public init(
        name: String, adapter: String, description: String = "", model: String = "", capabilities: [String] = [],
        limits: ProviderLimits = ProviderLimits(), settings: Node = Node.mapping(Node.Mapping([])),
        file: URL = URL(fileURLWithPath: "/dev/null")
    ) {
        self.name = name
        self.adapter = adapter
        self.description = description
        self.model = model
        self.capabilities = capabilities
        self.limits = limits
        self.settings = settings
        self.file = file
    }

    public func hasCapability(_ capability: String) -> Bool {
        capabilities.contains(capability)
    }

    /// A reader over `settings` that reports bad values with this file and line.
    public var settingsReader: ManifestSettings {
        ManifestSettings(node: settings, file: file, section: "settings", line: keyLines["settings"])
    }

    /// The line of a top-level key, when the manifest was read from YAML.
    public func line(ofKey key: String) -> Int? { keyLines[key] }

    /// Reads and validates a manifest file. The adapter name is checked by the registry, not here.
    public static func load(from file: URL) throws -> ProviderManifest {
        let text: String
        do {
            text = try String(contentsOf: file, encoding: .utf8)
        } catch {
            throw ProviderConfigError.unreadable(file: file.path, reason: error.localizedDescription)
        }
        return try parse(yaml: text, file: file)
    }

    /// Parses manifest text; `file` names it in errors and gives the default name.
    public static func parse(yaml text: String, file: URL) throws -> ProviderManifest {
        let path = file.path
        let root: Node?
        do {
            root = try SafeYAML.compose(yaml: text)
        } catch let error as YAMLAliasLimitError {
            throw ProviderConfigError.yamlAliases(file: path, line: error.line, problem: error.message)
        } catch let error as YamlError {
            let (line, problem) = describe(error)
            throw ProviderConfigError.yamlSyntax(file: path, line: line, problem: problem)
        } catch {
            throw ProviderConfigError.yamlSyntax(file: path, line: nil, problem: "\(error)")
        }
        guard let root, let mapping = root.mapping else {
            throw ProviderConfigError.notAMapping(file: path, line: root?.mark?.line)
        }
        let reader = ManifestSettings(node: root, file: file, section: nil, line: nil)
        try reader.rejectUnknownKeys(allowed: topLevelKeys)

        var lines: [String: Int] = [:]
        for (key, _) in mapping {
            if let name = key.string, let line = key.mark?.line { lines[name] = line }
        }

        let defaultName = file.deletingPathExtension().lastPathComponent
        let name = try reader.string("name") ?? defaultName
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw ProviderConfigError.badValue(
                file: path, line: lines["name"], key: "name", problem: "must not be empty; write a short name such as `\(defaultName)`")
        }
        guard let adapter = try reader.string("adapter"), !adapter.isEmpty else {
            throw ProviderConfigError.missingAdapter(file: path, known: ProviderRegistry.builtInAdapterNames)
        }

        var limits = ProviderLimits()
        if let node = mapping["limits"], node.null == nil {
            let limitsReader = ManifestSettings(node: node, file: file, section: "limits", line: lines["limits"])
            guard node.mapping != nil else {
                throw ProviderConfigError.badType(
                    file: path, line: node.mark?.line ?? lines["limits"], key: "limits",
                    expected: "a mapping like `{concurrent_requests: 4, requests_per_minute: 0}`",
                    got: ManifestSettings.show(node))
            }
            try limitsReader.rejectUnknownKeys(allowed: limitKeys)
            if let value = try limitsReader.int("concurrent_requests", minimum: 1) { limits.concurrentRequests = value }
            if let value = try limitsReader.int("requests_per_minute", minimum: 0) { limits.requestsPerMinute = value }
            limits.contextTokens = try limitsReader.int("context_tokens", minimum: 512)
        }

        var settings = Node.mapping(Node.Mapping([]))
        if let node = mapping["settings"], node.null == nil {
            guard node.mapping != nil else {
                throw ProviderConfigError.badType(
                    file: path, line: node.mark?.line ?? lines["settings"], key: "settings",
                    expected: "a mapping of adapter options", got: ManifestSettings.show(node))
            }
            settings = node
        }

        var launch: Node?
        if let node = mapping["launch"], node.null == nil {
            guard node.mapping != nil else {
                throw ProviderConfigError.badType(
                    file: path, line: node.mark?.line ?? lines["launch"], key: "launch",
                    expected: "a mapping like `{command: [...], model: ..., port: 18080}`", got: ManifestSettings.show(node))
            }
            launch = node
        }

        var manifest = ProviderManifest(
            name: name, adapter: adapter, description: try reader.string("description") ?? "",
            model: try reader.string("model") ?? "", capabilities: try reader.stringList("capabilities") ?? [],
            limits: limits, settings: settings, file: file)
        manifest.keyLines = lines
        manifest.launch = launch
        if let folder = try reader.string("prompts"), !folder.isEmpty {
            manifest.prompts = URL(fileURLWithPath: folder, relativeTo: file.deletingLastPathComponent()).standardizedFileURL
        }
        return manifest
    }

    /// The line and a short problem text of a Yams error.
    static func describe(_ error: YamlError) -> (Int?, String) {
        switch error {
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _),
            let .composer(context, problem, mark, _):
            let context = context.map { "\($0.text), " } ?? ""
            return (mark.line, context + problem)
        case let .reader(problem, _, _, _):
            return (nil, problem)
        case let .duplicatedKeysInMapping(duplicates, context):
            return (context.mark.line, "duplicated key \(duplicates.joined(separator: ", "))")
        default:
            return (nil, "\(error)")
        }
    }
}

/// Typed access to a YAML mapping (a manifest's `settings`, `limits`, a fault entry…) that throws
/// `ProviderConfigError` naming the file, the line and the key when a value has the wrong type.
public struct ManifestSettings: @unchecked Sendable {
    public let node: Node
    public let file: URL
    /// The dotted path of this mapping in the manifest ("settings", "settings.faults[0]"), nil for the top.
    public let section: String?
    /// The line of the mapping itself, used when a key has no mark.
    public let line: Int?

    public init(node: Node, file: URL, section: String?, line: Int? = nil) {
        self.node = node
        self.file = file
        self.section = section
        self.line = line
    }

    var mapping: Node.Mapping? { node.mapping }

    /// The keys present, in file order.
    public var keys: [String] { mapping?.keys.compactMap(\.string) ?? [] }

    public func value(_ key: String) -> Node? {
        guard let value = mapping?[key], value.null == nil else { return nil }
        return value
    }

    func qualified(_ key: String) -> String { section.map { "\($0).\(key)" } ?? key }

    func lineOf(_ key: String) -> Int? {
        mapping?.first(where: { $0.key.string == key })?.key.mark?.line ?? line
    }

    func badType(_ key: String, _ expected: String, _ value: Node) -> ProviderConfigError {
        .badType(file: file.path, line: value.mark?.line ?? lineOf(key), key: qualified(key), expected: expected, got: Self.show(value))
    }

    /// A short rendering of a node for messages: `"abc"`, `a list`, `a mapping`.
    static func show(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar): return "`\(scalar.string)`"
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        case .alias: return "an alias"
        }
    }

    /// Throws `unknownKey` for the first key not in `allowed`.
    public func rejectUnknownKeys(allowed: [String]) throws {
        guard let mapping else { return }
        for (key, _) in mapping {
            guard let name = key.string else {
                throw ProviderConfigError.badType(
                    file: file.path, line: key.mark?.line ?? line, key: section ?? "key",
                    expected: "a plain word as key", got: Self.show(key))
            }
            if !allowed.contains(name) {
                throw ProviderConfigError.unknownKey(
                    file: file.path, line: key.mark?.line ?? line, key: name, section: section, allowed: allowed)
            }
        }
    }

    public func string(_ key: String) throws -> String? {
        guard let value = value(key) else { return nil }
        guard case .scalar(let scalar) = value else { throw badType(key, "a text value", value) }
        return scalar.string
    }

    public func int(_ key: String, minimum: Int? = nil) throws -> Int? {
        guard let value = value(key) else { return nil }
        guard let number = value.int else { throw badType(key, "a whole number", value) }
        if let minimum, number < minimum {
            throw ProviderConfigError.badValue(
                file: file.path, line: value.mark?.line ?? lineOf(key), key: qualified(key),
                problem: "must be at least \(minimum), not \(number); use a number of \(minimum) or more")
        }
        return number
    }

    public func double(_ key: String) throws -> Double? {
        guard let value = value(key) else { return nil }
        guard let number = value.float else { throw badType(key, "a number", value) }
        return number
    }

    public func bool(_ key: String) throws -> Bool? {
        guard let value = value(key) else { return nil }
        guard let flag = value.bool else { throw badType(key, "true or false", value) }
        return flag
    }

    /// A list of text values; a single scalar counts as a one-element list.
    public func stringList(_ key: String) throws -> [String]? {
        guard let value = value(key) else { return nil }
        if case .scalar(let scalar) = value { return [scalar.string] }
        guard let sequence = value.sequence else { throw badType(key, "a list of text values like `[a, b]`", value) }
        return try sequence.map { item in
            guard case .scalar(let scalar) = item else { throw badType(key, "a list of text values like `[a, b]`", item) }
            return scalar.string
        }
    }

    /// A list of whole numbers; a single number counts as a one-element list.
    public func intList(_ key: String, minimum: Int? = nil) throws -> [Int]? {
        guard let value = value(key) else { return nil }
        let items: [Node] = value.sequence.map(Array.init) ?? [value]
        return try items.map { item in
            guard let number = item.int else { throw badType(key, "a list of whole numbers like `[1, 2]`", item) }
            if let minimum, number < minimum {
                throw ProviderConfigError.badValue(
                    file: file.path, line: item.mark?.line ?? lineOf(key), key: qualified(key),
                    problem: "must only hold numbers of at least \(minimum), not \(number)")
            }
            return number
        }
    }

    /// The items of a list of mappings, each with its own reader (`section[index]`).
    public func mappingList(_ key: String) throws -> [ManifestSettings]? {
        guard let value = value(key) else { return nil }
        guard let sequence = value.sequence else { throw badType(key, "a list of mappings", value) }
        return try sequence.enumerated().map { index, item in
            guard item.mapping != nil else { throw badType(key, "a list of mappings like `- {type: error}`", item) }
            return ManifestSettings(node: item, file: file, section: "\(qualified(key))[\(index)]", line: item.mark?.line)
        }
    }
}
