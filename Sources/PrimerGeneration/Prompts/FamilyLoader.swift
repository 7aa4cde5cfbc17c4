import Foundation
import Yams
import PrimerCore
import PrimerYAML

/// Reads one family file (`Prompts/<name>.yaml`) into a `PromptFamily`, collecting every problem
/// with its file and line instead of stopping at the first.
public enum FamilyLoader {
    static let keys: Set<String> = [
        "family", "version", "description", "scope", "shape", "output", "role", "item", "title", "fields",
        "pair_lines", "kinds", "order", "attempts", "from_sentences",
        "temperature", "max_tokens", "system", "user", "reminder", "rewrite", "gates", "schema", "variants",
    ]
    static let templateKeys = ["system", "user", "reminder", "rewrite"]
    /// Templates a family may leave out (`rewrite`: the family cannot rewrite leeches).
    static let optionalTemplateKeys: Set<String> = ["rewrite"]
    /// How many answers a family may ask for per item.
    public static let attemptsRange = 1...10

    public static func load(file url: URL) throws -> PromptFamily {
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw FamilyLoadErrors(errors: [FamilyError(file: url.path, line: nil, message: "cannot read the file: \(error.localizedDescription)")])
        }
        return try load(yaml: text, file: url.path)
    }

    public static func load(yaml text: String, file: String) throws -> PromptFamily {
        var reader = FamilyReader(file: file)
        let family = reader.read(text)
        if !reader.errors.isEmpty || family == nil {
            throw FamilyLoadErrors(errors: reader.errors)
        }
        return family!
    }
}

/// The stateful part of loading: walks the YAML tree and records errors as it goes.
struct FamilyReader {
    let file: String
    var errors: [FamilyError] = []

    init(file: String) { self.file = file }

    mutating func fail(_ node: Node?, _ message: String) {
        errors.append(FamilyError(file: file, line: node?.mark?.line, message: message))
    }

    mutating func read(_ text: String) -> PromptFamily? {
        let root: Node
        do {
            guard let node = try SafeYAML.compose(yaml: text) else {
                fail(nil, "the file is empty; a family needs at least `family`, `shape`, `system`, `user` and `reminder`")
                return nil
            }
            root = node
        } catch let error as YAMLAliasLimitError {
            errors.append(FamilyError(file: file, line: error.line, message: error.message))
            return nil
        } catch {
            fail(nil, "is not valid YAML: \(error)")
            return nil
        }
        guard let mapping = root.mapping else {
            fail(root, "a family file must be a YAML mapping of keys such as `family:` and `user:`")
            return nil
        }
        for key in mapping.keys {
            if let name = key.string, !FamilyLoader.keys.contains(name) {
                fail(key, "unknown key '\(name)' (known: \(FamilyLoader.keys.sorted().joined(separator: ", ")))")
            }
        }

        // A family file of an earlier release (`family: notes`) is the lesson family by its new name.
        let name = FamilyAlias.canonical(requiredString(root, "family") ?? "?")
        let version = optionalInt(root, "version") ?? 1
        let description = root["description"]?.string ?? ""
        let scope = enumValue(root, "scope", FamilyScope.self) ?? .subtopic
        let declared = readShape(root, name: name)
        let kinds = readKinds(root)
        let order = optionalInt(root, "order") ?? 0
        let attempts = optionalInt(root, "attempts") ?? 3
        // Each attempt is a provider call (and its cost); past a few, a family's prompt or gates
        // need fixing rather than more tries.
        if !FamilyLoader.attemptsRange.contains(attempts) {
            fail(root["attempts"], "`attempts` must be from \(FamilyLoader.attemptsRange.lowerBound) to \(FamilyLoader.attemptsRange.upperBound) (each attempt is one provider call); it is \(attempts)")
        }
        let temperature = root["temperature"].flatMap { node -> Double? in
            guard let value = node.float else { fail(node, "`temperature` must be a number"); return nil }
            return value
        }
        let maxTokens = optionalInt(root, "max_tokens")
        if declared?.shape == .outline && scope != .plan {
            fail(root["shape"] ?? root["output"], "a family of `shape: outline` must have `scope: plan`")
        }
        if scope == .plan, let declared, declared.shape != .outline {
            fail(root["scope"], "`scope: plan` families must have `shape: outline`")
        }
        if scope == .question, let declared, declared.shape != .lesson {
            fail(root["shape"] ?? root["scope"], "`scope: question` families answer in prose: they must have `shape: lesson`")
        }

        let base = readTemplates(root, scope: scope, fallback: nil)
        var variants: [SubjectKind: FamilyTemplates] = [:]
        if let variantNode = root["variants"] {
            if let variantMap = variantNode.mapping {
                for (key, value) in variantMap {
                    guard let kind = key.string.flatMap(SubjectKind.init(rawValue:)) else {
                        fail(key, "variant '\(key.string ?? "?")' is not a subject kind (general, language)")
                        continue
                    }
                    if let templates = readTemplates(value, scope: scope, fallback: base) {
                        variants[kind] = templates
                    }
                }
            } else {
                fail(variantNode, "`variants` must map a subject kind to templates, e.g. `language: {user: …}`")
            }
        }
        let (gateNames, gates) = readGates(root, shape: declared?.shape)
        let schema = readSchema(root)

        var fromSentences = false
        if let node = root["from_sentences"] {
            if let value = node.bool { fromSentences = value } else { fail(node, "`from_sentences` must be true or false") }
            if fromSentences, let declared, ![.pair, .choice, .cloze].contains(declared.shape) {
                fail(node, "`from_sentences` makes cards, questions and clozes from the documents' sentences; a family of shape \(declared.shape.rawValue) cannot use it")
            }
        }

        guard errors.isEmpty, let declared, let base else { return nil }
        var family = PromptFamily(
            name: name, version: version, description: description, scope: scope, shape: declared.shape,
            role: declared.role, labels: declared.labels, pairLines: declared.pairLines,
            kinds: kinds, order: order, attempts: attempts, temperature: temperature, maxTokens: maxTokens,
            jsonSchema: schema?.schema, rewriteSchema: schema?.rewrite, gateNames: gateNames, gates: GateChain(gates),
            contentHash: StableHash.hex(text), file: file, base: base, variants: variants)
        family.fromSentences = fromSentences
        return family
    }

    // MARK: - Values

    mutating func requiredString(_ node: Node, _ key: String) -> String? {
        guard let value = node[key] else {
            fail(node, "missing required key `\(key)`")
            return nil
        }
        guard let string = value.string, !string.isEmpty else {
            fail(value, "`\(key)` must be a non-empty string")
            return nil
        }
        return string
    }

    mutating func optionalInt(_ node: Node, _ key: String) -> Int? {
        guard let value = node[key] else { return nil }
        guard let int = value.int else {
            fail(value, "`\(key)` must be a whole number")
            return nil
        }
        return int
    }

    mutating func enumValue<E: RawRepresentable & CaseIterable>(
        _ node: Node, _ key: String, _ type: E.Type, required: Bool = false
    ) -> E? where E.RawValue == String {
        guard let value = node[key] else {
            if required { fail(node, "missing required key `\(key)` (one of: \(E.allCases.map(\.rawValue).joined(separator: ", ")))") }
            return nil
        }
        guard let parsed = value.string.flatMap(E.init(rawValue:)) else {
            fail(value, "`\(key)` must be one of: \(E.allCases.map(\.rawValue).joined(separator: ", "))")
            return nil
        }
        return parsed
    }

    mutating func readKinds(_ node: Node) -> Set<SubjectKind> {
        guard let value = node["kinds"] else { return Set(SubjectKind.allCases) }
        var kinds = Set<SubjectKind>()
        for item in value.sequence.map(Array.init) ?? [value] {
            if let kind = item.string.flatMap(SubjectKind.init(rawValue:)) {
                kinds.insert(kind)
            } else {
                fail(item, "`kinds` entries must be general or language")
            }
        }
        return kinds
    }

    // MARK: - Templates

    mutating func readTemplates(_ node: Node, scope: FamilyScope, fallback: FamilyTemplates?) -> FamilyTemplates? {
        var compiled: [String: PromptTemplate] = [:]
        for key in FamilyLoader.templateKeys {
            guard let value = node[key] else {
                if fallback == nil && !FamilyLoader.optionalTemplateKeys.contains(key) {
                    fail(node, "missing required template `\(key)`")
                }
                continue
            }
            guard let scalar = value.scalar else {
                fail(value, "`\(key)` must be a text block (use `\(key): |` and indent the template)")
                continue
            }
            // A block scalar's text starts on the line after its key.
            let firstLine = (scalar.mark?.line ?? 1) + (scalar.style == .literal || scalar.style == .folded ? 1 : 0)
            let available = PromptVariables.available(for: scope, template: key)
            for problem in TemplateLint.check(scalar.string, available: available) {
                errors.append(FamilyError(file: file, line: firstLine + problem.line - 1, message: "template `\(key)`: \(problem.message)"))
            }
            do {
                compiled[key] = try PromptTemplate(source: scalar.string)
            } catch {
                fail(value, "template `\(key)` does not parse as Mustache: \(error)")
            }
        }
        guard let system = compiled["system"] ?? fallback?.system,
            let user = compiled["user"] ?? fallback?.user,
            let reminder = compiled["reminder"] ?? fallback?.reminder
        else { return nil }
        return FamilyTemplates(system: system, user: user, reminder: reminder, rewrite: compiled["rewrite"] ?? fallback?.rewrite)
    }

    // MARK: - Gates and schema

    /// The family's gates. A gate's own error points at the option's line when it knows it, else
    /// at the gate's entry; gates that name fields are checked against the shape's items.
    mutating func readGates(_ node: Node, shape: Shape?) -> ([String], [any Gate]) {
        guard let value = node["gates"] else { return ([], []) }
        guard let list = value.sequence else {
            fail(value, "`gates` must be a list, e.g. `- dedupe` or `- count: {min: 3, max: 40}`")
            return ([], [])
        }
        var names: [String] = []
        var gates: [any Gate] = []
        for entry in list {
            var name: String?
            var options: Node?
            if let string = entry.string, entry.scalar != nil {
                name = string
            } else if let mapping = entry.mapping, mapping.count == 1, let first = mapping.first {
                name = first.key.string
                options = first.value
            }
            guard let name else {
                fail(entry, "a gate is a name (`- dedupe`) or a name with options (`- count: {min: 3}`)")
                continue
            }
            do {
                let gate = try GateRegistry.make(name: name, options: options)
                if let shape, let fieldGate = gate as? any FieldNamingGate {
                    for problem in fieldGate.fieldProblems(shape: shape) { failGate(problem, entry: entry) }
                }
                gates.append(gate)
                names.append(name)
            } catch let error as GateConfigError {
                failGate(error, entry: entry)
            } catch {
                fail(entry, "\(error)")
            }
        }
        return (names, gates)
    }

    mutating func failGate(_ error: GateConfigError, entry: Node) {
        errors.append(FamilyError(file: file, line: error.line ?? entry.mark?.line, message: "\(error)"))
    }

    /// The schema as JSON text, and the one a rewrite sends: each top-level list bounded to
    /// `PromptFamily.rewriteCountMarker` items, which the rewrite replaces by its count.
    mutating func readSchema(_ node: Node) -> (schema: String, rewrite: String)? {
        guard let value = node["schema"] else { return nil }
        guard let mapping = value.mapping else {
            fail(value, "`schema` must be a JSON schema written as a YAML mapping")
            return nil
        }
        // Keys stay in file order: it is the order models write the fields in.
        guard let text = YAMLJSON.orderedText(of: value) else {
            fail(value, "`schema` cannot be converted to JSON")
            return nil
        }
        let marker = Node(PromptFamily.rewriteCountMarker)
        func bounded(_ property: Node) -> Node {
            guard let fields = property.mapping, fields["type"]?.string == "array" else { return property }
            var pairs = fields.filter { !["minItems", "maxItems"].contains($0.key.string ?? "") }.map { ($0.key, $0.value) }
            pairs.append(contentsOf: [(Node("minItems"), marker), (Node("maxItems"), marker)])
            return Node(pairs)
        }
        let rewrite = Node(mapping.map { key, value in
            guard key.string == "properties", let properties = value.mapping else { return (key, value) }
            return (key, Node(properties.map { ($0.key, bounded($0.value)) }))
        })
        return (text, YAMLJSON.orderedText(of: rewrite) ?? text)
    }
}
