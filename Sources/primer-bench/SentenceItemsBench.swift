import ArgumentParser
import Foundation
import PrimerCore
import PrimerDocuments
import PrimerEval
import PrimerGeneration

/// (v) What the items made from a section's own sentences (`SentenceItems`, the small-model
/// families with a document) share with the section's references — the eval's
/// `reference_overlap` and `glossary_recall` without a model call, so choosing sentences and
/// blanks can be tried in seconds. Passages as `primer eval openstax-docs` gives them without an
/// embedder (BM25 and the outline); each split scored apart.
struct SentenceItemsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sentence-items",
        abstract: "(v) Reference overlap of the cards and questions made from the golden sections' own sentences.")

    @Option(help: "The openstax-docs suite folder.") var suite = "Evaluations/openstax-docs"
    @Option(help: "Characters of passages per subtopic (the local model's budget).") var budget = DocumentGrounding.defaultBudget
    @Flag(help: "Print every item.") var verbose = false

    func run() async throws {
        let folder = URL(fileURLWithPath: suite)
        let loaded = try EvalSuite.load(directory: folder)
        var scores: [EvalSplit: [String: [Double]]] = [:]
        for evalCase in loaded.cases where evalCase.kind == .subtopic && !evalCase.subject.documents.isEmpty {
            guard let golden = evalCase.subtopic else { continue }
            let documents = try evalCase.subject.documents.map { path in
                let url = URL(fileURLWithPath: path, relativeTo: folder)
                return ExtractedDocument(name: url.lastPathComponent, format: .markdown, text: try String(contentsOf: url, encoding: .utf8))
            }
            let grounding = DocumentGrounding(documents: documents, budget: budget)
            let passages = try await grounding.passages(subject: evalCase.subject.title, topic: golden.topic, subtopic: golden.subtopic)
            let reference = ReferenceScorer(golden: golden)
            let make = { (shape: Shape) in
                SentenceItems.output(
                    shape: shape, role: nil, passages: passages, subtopic: golden.subtopic, topic: golden.topic, siblings: golden.siblings,
                    subjectTerms: golden.definedTerms)
            }
            var items: [String: [ReferenceScorer.Item]] = [:]
            if case .pairs(let cards)? = make(.pair) { items["flashcards"] = cards.map { .init(prompt: $0.front, answer: $0.back) } }
            if case .choices(let questions)? = make(.choice) {
                items["quiz"] = questions.map { .init(prompt: $0.question, answer: $0.choices[$0.correctIndex]) }
            }
            for (family, list) in items.sorted(by: { $0.key < $1.key }) {
                let metrics = reference.score(list)
                for (name, value) in metrics { scores[evalCase.split, default: [:]]["\(family).\(name)", default: []].append(value) }
                if verbose {
                    print("\(evalCase.id) \(family) overlap \(String(format: "%.3f", metrics["reference_overlap"] ?? 0))")
                    for item in list { print("   \(item.prompt)  →  \(item.answer.prefix(60))") }
                }
            }
        }
        for split in EvalSplit.allCases {
            guard let metrics = scores[split] else { continue }
            for (name, values) in metrics.sorted(by: { $0.key < $1.key }) {
                print("\(split.rawValue) \(name): \(String(format: "%.3f", values.reduce(0, +) / Double(values.count))) (n \(values.count))")
            }
        }
    }
}
