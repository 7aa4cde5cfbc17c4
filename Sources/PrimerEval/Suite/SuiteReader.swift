import PrimerCore
import Yams
import PrimerYAML

/// Reads suite and case files from YAML nodes, so every error can name a line. Unknown keys are
/// errors (a typo would otherwise silently drop golden data).
enum SuiteReader {
    static func suite(yaml: String, file: String) throws -> EvalSuite {
        let root = try compose(yaml, file: file)
        var fields = try Fields(root, file: file, what: "suite")
        let name = try fields.string("name")
        guard !name.isEmpty else { throw fields.error("suite name is empty") }
        var suite = EvalSuite(name: name)
        suite.description = try fields.optionalString("description") ?? ""
        suite.attribution = try fields.optionalStringOrList("attribution")
        if let node = fields.take("thresholds") {
            var thresholds = try Fields(node, file: file, what: "thresholds")
            for key in thresholds.keys {
                let value = thresholds.take(key)!
                guard let threshold = RegressionThreshold(yaml: value) else {
                    throw EvalSuiteError(
                        file: file, line: value.mark?.line, column: value.mark?.column,
                        message: "threshold '\(key)' must be a non-negative number (absolute) or a percentage like \"10%\" (relative)")
                }
                suite.thresholds[key] = threshold
            }
        }
        if let node = fields.take("cases") {
            suite.cases = try cases(node, file: file)
        }
        try fields.finish()
        return suite
    }

    static func caseFile(yaml: String, file: String) throws -> (attribution: String?, cases: [EvalCase]) {
        let root = try compose(yaml, file: file)
        var fields = try Fields(root, file: file, what: "case file")
        _ = try fields.optionalString("book")
        let attribution = try fields.optionalString("attribution")
        // A file-level split is the default of its cases.
        let split = try Self.split(&fields, what: "case file") ?? .dev
        guard let node = fields.take("cases") else { throw fields.error("case file has no 'cases' list") }
        let list = try cases(node, file: file, split: split)
        try fields.finish()
        return (attribution, list)
    }

    // MARK: - Cases

    static func cases(_ node: Node, file: String, split: EvalSplit = .dev) throws -> [EvalCase] {
        guard let sequence = node.sequence else {
            throw EvalSuiteError(file: file, line: node.mark?.line, column: node.mark?.column, message: "'cases' must be a list")
        }
        return try sequence.map { try evalCase($0, file: file, split: split) }
    }

    /// `split: dev` or `split: test`, if given.
    static func split(_ fields: inout Fields, what: String) throws -> EvalSplit? {
        guard let text = try fields.optionalString("split") else { return nil }
        guard let split = EvalSplit(rawValue: text) else {
            throw fields.error("\(what): split must be 'dev' or 'test', not '\(text)'", at: "split")
        }
        return split
    }

    static func evalCase(_ node: Node, file: String, split fileSplit: EvalSplit = .dev) throws -> EvalCase {
        var fields = try Fields(node, file: file, what: "case")
        let id = try fields.string("id")
        guard !id.isEmpty else { throw fields.error("case id is empty") }
        fields.what = "case '\(id)'"
        let kindText = try fields.string("kind")
        guard let kind = EvalCaseKind(rawValue: kindText) else {
            throw fields.error("case '\(id)': kind must be 'plan' or 'subtopic', not '\(kindText)'", at: "kind")
        }
        let subject = try evalSubject(fields.required("subject"), file: file, caseID: id)

        var families: [ContentKind]
        if fields.has("families") {
            families = []
            for text in try fields.strings("families") {
                guard let family = ContentKind(rawValue: text) else {
                    throw fields.error(
                        "case '\(id)': unknown family kind '\(text)' (\(ContentKind.allCases.map(\.rawValue).joined(separator: ", ")))", at: "families")
                }
                families.append(family)
            }
        } else {
            families = kind == .plan ? [.plan] : ContentKind.allCases.filter { $0 != .plan }
        }
        let planFamilies = families.filter { $0 == .plan }
        if kind == .plan, families != [.plan] {
            throw fields.error("case '\(id)': a plan case has only the 'plan' family", at: "families")
        }
        if kind == .subtopic, !planFamilies.isEmpty || families.isEmpty {
            throw fields.error("case '\(id)': a subtopic case needs families among notes, flashcards, quiz, cloze, terms", at: "families")
        }

        let split = try Self.split(&fields, what: "case '\(id)'") ?? fileSplit
        var result = EvalCase(id: id, kind: kind, subject: subject, families: families, source: file, split: split)
        switch kind {
        case .plan:
            for key in ["topic", "topic_overview", "subtopic", "siblings", "defined_terms"] where fields.has(key) {
                throw fields.error("case '\(id)': '\(key)' belongs to subtopic cases", at: key)
            }
            result.plan = try goldenPlan(fields.required("golden"), file: file, caseID: id)
        case .subtopic:
            let topic = try fields.string("topic")
            let subtopic = try fields.string("subtopic")
            guard !subtopic.isEmpty else { throw fields.error("case '\(id)': subtopic is empty", at: "subtopic") }
            let siblings = fields.has("siblings") ? try fields.strings("siblings") : []
            var golden = GoldenSubtopic(
                topic: topic, topicOverview: try fields.optionalString("topic_overview") ?? "", subtopic: subtopic, siblings: siblings,
                definedTerms: fields.has("defined_terms") ? try fields.strings("defined_terms") : [])
            if let node = fields.take("golden") {
                try readGoldenSubtopic(node, into: &golden, file: file, caseID: id)
            }
            result.subtopic = golden
        }
        try fields.finish()
        return result
    }

    static func evalSubject(_ node: Node, file: String, caseID: String) throws -> EvalSubject {
        var fields = try Fields(node, file: file, what: "subject of case '\(caseID)'")
        let title = try fields.string("title")
        guard !title.isEmpty else { throw fields.error("case '\(caseID)': subject title is empty", at: "title") }
        let notes = try fields.optionalString("notes") ?? ""
        var kind = SubjectKind.general
        if let text = try fields.optionalString("kind") {
            guard let parsed = SubjectKind(rawValue: text) else {
                throw fields.error("case '\(caseID)': subject kind must be 'general' or 'language', not '\(text)'", at: "kind")
            }
            kind = parsed
        }
        let instructions = try fields.optionalString("instructions") ?? ""
        let documents = fields.has("documents") ? try fields.strings("documents") : []
        try fields.finish()
        return EvalSubject(title: title, notes: notes, kind: kind, instructions: instructions, documents: documents)
    }

    static func goldenPlan(_ node: Node, file: String, caseID: String) throws -> GoldenPlan {
        var fields = try Fields(node, file: file, what: "golden plan of case '\(caseID)'")
        var plan = GoldenPlan()
        if let topics = fields.take("topics") {
            guard let sequence = topics.sequence else {
                throw EvalSuiteError(file: file, line: topics.mark?.line, message: "case '\(caseID)': golden topics must be a list")
            }
            for item in sequence {
                var topic = try Fields(item, file: file, what: "golden topic of case '\(caseID)'")
                plan.topics.append(GoldenTopic(title: try topic.string("title"), sections: try topic.strings("sections")))
                try topic.finish()
            }
        }
        if fields.has("sections") { plan.sections = try fields.strings("sections") }
        if plan.topics.isEmpty, plan.sections.isEmpty {
            throw fields.error("case '\(caseID)': a plan case needs golden 'topics' (book level) or 'sections' (chapter level)")
        }
        try fields.finish()
        return plan
    }

    static func readGoldenSubtopic(_ node: Node, into golden: inout GoldenSubtopic, file: String, caseID: String) throws {
        var fields = try Fields(node, file: file, what: "golden of case '\(caseID)'")
        if fields.has("objectives") { golden.objectives = try fields.strings("objectives") }
        if let terms = fields.take("terms") {
            guard let sequence = terms.sequence else {
                throw EvalSuiteError(file: file, line: terms.mark?.line, message: "case '\(caseID)': golden terms must be a list")
            }
            for item in sequence {
                var term = try Fields(item, file: file, what: "golden term of case '\(caseID)'")
                golden.terms.append(PairItem(front: try term.string("term"), back: try term.optionalString("definition") ?? ""))
                try term.finish()
            }
        }
        if let mcq = fields.take("mcq") {
            guard let sequence = mcq.sequence else {
                throw EvalSuiteError(file: file, line: mcq.mark?.line, message: "case '\(caseID)': golden mcq must be a list")
            }
            for item in sequence {
                var q = try Fields(item, file: file, what: "reference question of case '\(caseID)'")
                let stem = try q.string("stem")
                let choices = try q.strings("choices")
                guard choices.count == 4 else { throw q.error("case '\(caseID)': a reference question needs 4 choices", at: "choices") }
                guard let answerNode = q.take("answer"), let answer = answerNode.int, (0..<4).contains(answer) else {
                    throw q.error("case '\(caseID)': a reference question needs 'answer' 0–3")
                }
                golden.mcq.append(ReferenceMCQ(stem: stem, choices: choices, answer: answer))
                try q.finish()
            }
        }
        try fields.finish()
    }

    // MARK: - YAML plumbing

    static func compose(_ yaml: String, file: String) throws -> Node {
        let node: Node?
        do {
            node = try SafeYAML.compose(yaml: yaml)
        } catch let error as YAMLAliasLimitError {
            throw EvalSuiteError(file: file, line: error.line, message: error.message)
        } catch let error as YamlError {
            throw EvalSuiteError(yamlError: error, file: file)
        } catch {
            throw EvalSuiteError(file: file, message: "invalid YAML: \(error)")
        }
        guard let node else { throw EvalSuiteError(file: file, message: "the file is empty") }
        return node
    }
}

extension EvalSuiteError {
    init(yamlError error: YamlError, file: String) {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _),
            .composer(_, let problem, let mark, _):
            self.init(file: file, line: mark.line, column: mark.column, message: "invalid YAML: \(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            self.init(
                file: file, line: context.mark.line, column: context.mark.column,
                message: "duplicate key \(duplicates.joined(separator: ", "))")
        default:
            self.init(file: file, message: "invalid YAML: \(error)")
        }
    }
}

/// The keys of one YAML mapping, consumed one by one; `finish()` rejects the ones left.
struct Fields {
    let file: String
    var what: String
    let node: Node
    private var entries: [(key: String, value: Node, keyNode: Node)]
    /// Where each key was written, kept after the key is taken so errors can point at it.
    private let keyMarks: [String: Mark]

    init(_ node: Node, file: String, what: String) throws {
        guard let mapping = node.mapping else {
            throw EvalSuiteError(file: file, line: node.mark?.line, column: node.mark?.column, message: "\(what) must be a mapping")
        }
        self.file = file
        self.what = what
        self.node = node
        self.entries = mapping.map { (key: $0.key.string ?? "", value: $0.value, keyNode: $0.key) }
        var marks: [String: Mark] = [:]
        for entry in entries where marks[entry.key] == nil { marks[entry.key] = entry.keyNode.mark }
        self.keyMarks = marks
    }

    var keys: [String] { entries.map(\.key) }

    func has(_ key: String) -> Bool { entries.contains { $0.key == key } }

    mutating func take(_ key: String) -> Node? {
        guard let index = entries.firstIndex(where: { $0.key == key }) else { return nil }
        return entries.remove(at: index).value
    }

    func error(_ message: String, at key: String? = nil) -> EvalSuiteError {
        let mark = key.flatMap { keyMarks[$0] } ?? node.mark
        return EvalSuiteError(file: file, line: mark?.line, column: mark?.column, message: message)
    }

    mutating func required(_ key: String) throws -> Node {
        guard let value = take(key) else { throw error("\(what) has no '\(key)'") }
        return value
    }

    mutating func string(_ key: String) throws -> String {
        try text(required(key), key: key)
    }

    mutating func optionalString(_ key: String) throws -> String? {
        guard let value = take(key) else { return nil }
        if case .scalar = value, value.null != nil, value.scalar?.style == .plain { return nil }
        return try text(value, key: key)
    }

    mutating func strings(_ key: String) throws -> [String] {
        let value = try required(key)
        guard let sequence = value.sequence else {
            throw EvalSuiteError(file: file, line: value.mark?.line, column: value.mark?.column, message: "\(what): '\(key)' must be a list")
        }
        return try sequence.map { try text($0, key: key) }
    }

    mutating func optionalStringOrList(_ key: String) throws -> [String] {
        guard let value = take(key) else { return [] }
        if value.sequence != nil {
            return try value.sequence!.map { try text($0, key: key) }
        }
        return [try text(value, key: key)]
    }

    /// A scalar as written: `3` stays "3", `true` stays "true".
    private func text(_ node: Node, key: String) throws -> String {
        guard let scalar = node.scalar else {
            throw EvalSuiteError(
                file: file, line: node.mark?.line, column: node.mark?.column, message: "\(what): '\(key)' must be text")
        }
        return scalar.string
    }

    func finish() throws {
        guard let extra = entries.first else { return }
        throw EvalSuiteError(
            file: file, line: extra.keyNode.mark?.line, column: extra.keyNode.mark?.column,
            message: "\(what): unknown key '\(extra.key)'")
    }
}
