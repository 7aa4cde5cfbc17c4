import Yams
import PrimerCore

/// A gate list in a family's YAML is wrong: which gate, which option, and what is allowed.
public struct GateConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The gate name as written (may be unknown), or "gates" for the list itself.
    public var gate: String
    /// The offending option, when the problem is one option.
    public var option: String?
    /// What is wrong and what is allowed.
    public var problem: String
    /// The line of the offending option in its YAML file, when known; the family loader falls
    /// back to the line of the gate's entry.
    public var line: Int?

    public init(gate: String, option: String? = nil, problem: String, line: Int? = nil) {
        self.gate = gate
        self.option = option
        self.problem = problem
        self.line = line
    }

    /// Whether `gate` is not a known gate name (then `problem` lists the known ones).
    public var isUnknownGate: Bool = false

    public var description: String {
        if isUnknownGate { return "unknown gate '\(gate)' (\(problem))" }
        if gate == "gates" { return "gates: \(problem)" }
        if let option { return "gate '\(gate)', option '\(option)': \(problem)" }
        return "gate '\(gate)': \(problem)"
    }
}

/// Inclusive bounds; nil means unbounded on that side.
struct GateBounds: Sendable, Equatable {
    var min: Int?
    var max: Int?

    init(min: Int? = nil, max: Int? = nil) {
        self.min = min
        self.max = max
    }

    /// Whether `n` is inside the bounds.
    func contains(_ n: Int) -> Bool {
        if let min, n < min { return false }
        if let max, n > max { return false }
        return true
    }
}

/// Reads a gate's option mapping, checking types as it goes, then `finish()` rejects any key that
/// was not asked for. A gate's `init(options:)` asks for each key it knows exactly once.
struct GateOptions {
    let gate: String
    private var values: [String: Node] = [:]
    /// The line of each key, for errors that point at an option.
    private var keyLines: [String: Int] = [:]
    private var order: [String] = []
    private var read: Set<String> = []
    /// Keys the gate asked for, in order, to list in "unknown option" errors.
    private var allowed: [String] = []

    /// `node` is what follows the gate name in YAML: nil (or YAML null) for a bare name, else a
    /// mapping.
    init(gate: String, node: Node?) throws {
        self.gate = gate
        guard let node, !Self.isNull(node) else { return }
        guard case .mapping(let mapping) = node else {
            throw GateConfigError(
                gate: gate,
                problem: "options must be a mapping such as {min: 2, max: 10}, got \(Self.describe(node))")
        }
        for (keyNode, value) in mapping {
            guard case .scalar(let key) = keyNode else {
                throw GateConfigError(gate: gate, problem: "option names must be plain words, got \(Self.describe(keyNode))")
            }
            guard values[key.string] == nil else {
                throw GateConfigError(gate: gate, option: key.string, problem: "given twice", line: keyNode.mark?.line)
            }
            values[key.string] = value
            keyLines[key.string] = keyNode.mark?.line
            order.append(key.string)
        }
    }

    static func isNull(_ node: Node) -> Bool {
        if case .scalar(let scalar) = node, scalar.style == .plain,
            ["", "~", "null", "Null", "NULL"].contains(scalar.string)
        {
            return true
        }
        return false
    }

    static func describe(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar): "'\(scalar.string)'"
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .alias: "an alias"
        }
    }

    /// A whole number ≥ 0, or nil when absent.
    mutating func int(_ key: String) throws -> Int? {
        guard let node = take(key) else { return nil }
        guard case .scalar = node, let value = node.int, value >= 0 else {
            throw GateConfigError(gate: gate, option: key, problem: "must be a whole number ≥ 0, got \(Self.describe(node))", line: node.mark?.line)
        }
        return value
    }

    /// true/false, or nil when absent.
    mutating func bool(_ key: String) throws -> Bool? {
        guard let node = take(key) else { return nil }
        guard case .scalar = node, let value = node.bool else {
            throw GateConfigError(gate: gate, option: key, problem: "must be true or false, got \(Self.describe(node))", line: node.mark?.line)
        }
        return value
    }

    /// A plain text value (YAML scalar), or nil when absent.
    mutating func string(_ key: String) throws -> String? {
        guard let node = take(key) else { return nil }
        guard case .scalar(let scalar) = node, !Self.isNull(node) else {
            throw GateConfigError(gate: gate, option: key, problem: "must be text, got \(Self.describe(node))", line: node.mark?.line)
        }
        return scalar.string
    }

    /// The line of `key`'s value (else of the key), for errors found after reading it.
    func line(_ key: String) -> Int? {
        values[key]?.mark?.line ?? keyLines[key]
    }

    /// `min`/`max` read from this mapping itself (`minKey`, `maxKey` name them), checked min ≤ max.
    mutating func bounds(min minKey: String = "min", max maxKey: String = "max") throws -> GateBounds {
        let bounds = GateBounds(min: try int(minKey), max: try int(maxKey))
        if let lo = bounds.min, let hi = bounds.max, lo > hi {
            throw GateConfigError(gate: gate, option: minKey, problem: "\(minKey) (\(lo)) is greater than \(maxKey) (\(hi))")
        }
        return bounds
    }

    /// A nested `{min, max}` mapping under `key`, or nil when absent.
    mutating func nestedBounds(_ key: String) throws -> GateBounds? {
        guard let node = take(key) else { return nil }
        guard case .mapping = node else {
            throw GateConfigError(gate: gate, option: key, problem: "must be a mapping such as {min: 2, max: 10}, got \(Self.describe(node))", line: node.mark?.line)
        }
        var nested = try GateOptions(gate: gate, node: node)
        let bounds: GateBounds
        do {
            bounds = try nested.bounds()
            try nested.finish()
        } catch let error as GateConfigError {
            // Name the path, e.g. "topics.max".
            throw GateConfigError(
                gate: gate, option: key + (error.option.map { ".\($0)" } ?? ""), problem: error.problem,
                line: error.line ?? node.mark?.line)
        }
        return bounds
    }

    /// A mapping under `key` whose every value is a `{min, max}` mapping, e.g. `fields: {front:
    /// {max: 120}}`, in file order with each name's line; nil when absent. The caller checks the
    /// names.
    mutating func boundsByName(_ key: String) throws -> [(name: String, bounds: GateBounds, line: Int?)]? {
        guard let node = take(key) else { return nil }
        guard case .mapping = node else {
            throw GateConfigError(
                gate: gate, option: key, problem: "must be a mapping such as {front: {max: 120}}, got \(Self.describe(node))",
                line: node.mark?.line)
        }
        var entries: [(name: String, bounds: GateBounds, line: Int?)] = []
        do {
            var nested = try GateOptions(gate: gate, node: node)
            for name in nested.order {
                guard let bounds = try nested.nestedBounds(name) else { continue }
                entries.append((name, bounds, nested.keyLines[name]))
            }
        } catch let error as GateConfigError {
            throw GateConfigError(
                gate: gate, option: key + (error.option.map { ".\($0)" } ?? ""), problem: error.problem,
                line: error.line ?? node.mark?.line)
        }
        return entries
    }

    /// Fails on the first key no one asked for, listing the allowed ones.
    func finish() throws {
        for key in order where !read.contains(key) {
            let problem =
                allowed.isEmpty
                ? "unknown option; '\(gate)' takes no options"
                : "unknown option (allowed: \(allowed.joined(separator: ", ")))"
            throw GateConfigError(gate: gate, option: key, problem: problem, line: keyLines[key])
        }
    }

    private mutating func take(_ key: String) -> Node? {
        if !allowed.contains(key) { allowed.append(key) }
        read.insert(key)
        return values[key]
    }
}
