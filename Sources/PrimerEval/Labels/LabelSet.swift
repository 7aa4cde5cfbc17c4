import Foundation
import PrimerCore

/// Outputs from real runs, each labelled good or bad by hand: the yardstick the metrics (and an
/// optional judge) are checked against by `primer eval agreement`. Kept as `labels.json` in the
/// suite folder.
public struct LabelSet: Sendable, Codable {
    public enum Label: String, Sendable, Codable {
        /// A learner could study from it: about the section, correct, usable as it stands.
        case good
        /// Off the section, wrong, empty or unusable.
        case bad
    }

    public struct Entry: Sendable, Codable {
        /// The suite case the output was generated for.
        public var caseID: String
        /// The family that generated it.
        public var family: String
        /// Where it came from (run, families, repetition): for the reader, not scored.
        public var source: String
        public var label: Label
        /// Why the labeller chose the label.
        public var why: String
        /// The output: a plan, or a subtopic family's content as `primer eval` results list it.
        public var plan: Plan?
        public var content: KitContent?

        enum CodingKeys: String, CodingKey {
            case caseID = "case", family, source, label, why, plan, content
        }

        /// The output as the generator returned it, with its content kind.
        public var output: (kind: ContentKind, output: GeneratedOutput)? {
            if let plan { return (.plan, .plan(plan)) }
            guard let content else { return nil }
            let items = content.items.map(\.content)
            let output: GeneratedOutput
            switch content.shape {
            case .outline: return nil
            case .lesson: output = .lesson(items.compactMap { if case .lesson(let text) = $0 { text } else { nil } }.joined(separator: "\n\n"))
            case .pair: output = .pairs(items.compactMap { if case .pair(let item) = $0 { item } else { nil } })
            case .choice: output = .choices(items.compactMap(\.choice))
            case .cloze: output = .clozes(items.compactMap { if case .cloze(let item) = $0 { item } else { nil } })
            default: output = .shaped(content.shape, items.compactMap { if case .shaped(let item) = $0 { item } else { nil } })
            }
            return (ContentKind(content.shape, role: content.role), output)
        }
    }

    /// What the labels mean and how they were made.
    public var about: String
    public var labels: [Entry]

    public static let fileName = "labels.json"

    /// The suite's labels; nil when the suite has none. Every entry must name a case of the suite
    /// and hold an output.
    public static func load(suiteDirectory: URL, suite: EvalSuite) throws -> LabelSet? {
        let url = suiteDirectory.appendingPathComponent(fileName)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        var set: LabelSet
        do {
            set = try JSONDecoder().decode(LabelSet.self, from: Data(contentsOf: url))
            // Labels written before a family was renamed (`notes`) count under its name now.
            for index in set.labels.indices { set.labels[index].family = FamilyAlias.canonical(set.labels[index].family) }
        } catch {
            throw EvalSuiteError(file: url.path, message: "is not a label set (\(error)); see Evaluations/README.md for its fields")
        }
        let ids = Set(suite.cases.map(\.id))
        for (index, entry) in set.labels.enumerated() {
            guard ids.contains(entry.caseID) else {
                throw EvalSuiteError(file: url.path, message: "label \(index + 1) names case '\(entry.caseID)', which is not in suite '\(suite.name)'")
            }
            guard entry.output != nil else {
                throw EvalSuiteError(file: url.path, message: "label \(index + 1) (\(entry.caseID) \(entry.family)) holds no output: give `plan` or `content`")
            }
        }
        return set
    }
}
