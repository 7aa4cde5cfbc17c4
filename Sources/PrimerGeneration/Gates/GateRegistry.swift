import Yams
import PrimerCore
import PrimerYAML

/// Builds gates from a family's YAML `gates:` list.
///
/// ```yaml
/// gates:
///   - dedupe
///   - length: {min: 2, max: 400}
/// ```
/// A bare name gets the gate's defaults; a `name: {options}` mapping configures it. Option keys
/// and types are checked and any unknown key is an error, so a typo cannot silently disable a
/// check.
public enum GateRegistry {
    /// A gate constructor from its options (nil for a bare name).
    typealias Factory = @Sendable (Node?) throws -> any Gate

    /// Known gates, in the order they are usually listed.
    static let factories: [(name: String, make: Factory)] = [
        (DedupeGate.gateName, { try DedupeGate(options: $0) }),
        (PlaceholdersGate.gateName, { try PlaceholdersGate(options: $0) }),
        (EchoGate.gateName, { try EchoGate(options: $0) }),
        (LengthGate.gateName, { try LengthGate(options: $0) }),
        (PatternGate.gateName, { try PatternGate(options: $0) }),
        (CountGate.gateName, { try CountGate(options: $0) }),
        (QuizShapeGate.gateName, { try QuizShapeGate(options: $0) }),
        (ShapeRulesGate.gateName, { try ShapeRulesGate(options: $0) }),
        (ScopeGate.gateName, { try ScopeGate(options: $0) }),
        (RelevanceGate.gateName, { try RelevanceGate(options: $0) }),
        (NearDuplicateGate.gateName, { try NearDuplicateGate(options: $0) }),
        (SupportGate.gateName, { try SupportGate(options: $0) }),
        (MetaLabelsGate.gateName, { try MetaLabelsGate(options: $0) }),
        (PlanTitlesGate.gateName, { try PlanTitlesGate(options: $0) }),
        (PlanBoundsGate.gateName, { try PlanBoundsGate(options: $0) }),
        (DedupePlanGate.gateName, { try DedupePlanGate(options: $0) }),
        (LessonLengthGate.gateName, { try LessonLengthGate(options: $0) }),
        (CitationsGate.gateName, { try CitationsGate(options: $0) }),
    ]

    public static var names: [String] { factories.map(\.name) }

    /// One gate. `options` is the mapping after the name, nil for a bare name.
    /// Earlier names of gates, still accepted in families written for them.
    static let aliases = ["notes-length": LessonLengthGate.gateName]

    public static func make(name: String, options: Yams.Node?) throws -> any Gate {
        let name = aliases[name] ?? name
        guard let factory = factories.first(where: { $0.name == name }) else {
            var problem = "known: \(names.joined(separator: ", "))"
            if let guess = closestName(to: name) { problem += "; did you mean '\(guess)'?" }
            var error = GateConfigError(gate: name, problem: problem)
            error.isUnknownGate = true
            throw error
        }
        return try factory.make(options)
    }

    /// A chain from the `gates:` node: a list whose entries are a gate name or a one-key mapping
    /// `name: {options}`.
    public static func chain(from node: Yams.Node) throws -> GateChain {
        guard case .sequence(let sequence) = node else {
            throw GateConfigError(gate: "gates", problem: "must be a list of gate names, got \(GateOptions.describe(node))")
        }
        var gates: [any Gate] = []
        for (index, entry) in sequence.enumerated() {
            if case .scalar(let scalar) = entry {
                gates.append(try make(name: scalar.string, options: nil))
            } else if case .mapping(let mapping) = entry, mapping.count == 1,
                let pair = mapping.first, case .scalar(let name) = pair.key
            {
                gates.append(try make(name: name.string, options: pair.value))
            } else {
                throw GateConfigError(
                    gate: "gates",
                    problem: "entry \(index + 1) must be a gate name or one 'name: {options}' mapping, got \(GateOptions.describe(entry))")
            }
        }
        return GateChain(gates)
    }

    /// The chain for a YAML text whose top level has a `gates:` key (or is the list itself).
    public static func chain(yaml: String) throws -> GateChain {
        guard let root = try SafeYAML.compose(yaml: yaml) else { return GateChain([]) }
        if case .mapping(let mapping) = root {
            guard let list = mapping["gates"] else { return GateChain([]) }
            return try chain(from: list)
        }
        return try chain(from: root)
    }

    /// The known name within edit distance 2 of a typo, if any ("dedup" → "dedupe").
    static func closestName(to name: String) -> String? {
        let scored = names.map { ($0, editDistance(name.lowercased(), $0)) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= 2 else { return nil }
        return best.0
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var row = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let current = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
            }
        }
        return a.isEmpty ? b.count : row[b.count]
    }
}
