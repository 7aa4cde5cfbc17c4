import ArgumentParser
import Foundation
import PrimerCore
import PrimerProviders

/// (m) Where `primer eval`'s `off_topic_rate` cuts: an item is off the section when its meaning
/// is far from every one of the section's golden references (its objectives, glossary terms and
/// review questions, as the eval case holds them) — a rule of its own, not the `relevance`
/// gate's (which compares with the subtopic's title), so the rate can tell how much the gate
/// removes. Probes: up to `--per-section` glossary terms and review questions of each section,
/// each scored against its own section's other references (itself left out) and against the
/// references of a section of another book (an off-topic item). The cut is Youden's J on the
/// dev chapters, checked on the held-out ones.
struct ReferenceCutsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reference-cuts",
        abstract: "(m) Similarity of golden items to their section's other references vs another book's: the eval's off-topic cut.")

    @OptionGroup var options: EmbedderBenchOptions
    @Option(help: "The openstax suite's cases (to tell test chapters from dev ones).") var cases = "Evaluations/openstax/cases"
    @Option(help: "Probes per section: glossary terms and review questions, each.") var perSection = 3

    struct Section {
        var book: Int
        var test: Bool
        var references: [String]
        var probes: [String]
    }

    struct Result: Codable {
        var machine: MachineFacts
        var embedder: String
        var model: String
        var cut: Double
        var devProbes: Int
        var testProbes: Int
        var devKept: Double
        var devCaught: Double
        var testKept: Double
        var testCaught: Double
        var ownPercentiles: [String: Double]
        var offTopicPercentiles: [String: Double]
    }

    func run() async throws {
        let model = try options.makeEmbedder()
        let sections = try goldenSections()
        let texts = Array(Set(sections.flatMap(\.references))).sorted()
        let vectors = try await model.embed(texts)
        await LaunchedServers.shared.stopAll()
        let vector = Dictionary(uniqueKeysWithValues: zip(texts, vectors.map(Embeddings.normalised)))
        func closest(_ probe: String, _ references: [String]) -> Double {
            references.filter { $0 != probe }.map { Embeddings.cosine(vector[probe]!, vector[$0]!) }.max() ?? -1
        }
        var own: [(Double, Bool)] = [], offTopic: [(Double, Bool)] = []
        for (index, section) in sections.enumerated() {
            // A fixed pairing: the section half the list away, moved on to the next of another book.
            var other = (index + sections.count / 2) % sections.count
            while sections[other].book == section.book { other = (other + 1) % sections.count }
            for probe in section.probes {
                own.append((closest(probe, section.references), section.test))
                offTopic.append((closest(probe, sections[other].references), section.test))
            }
        }
        func rates(_ cut: Double, test: Bool) -> (kept: Double, caught: Double, count: Int) {
            let o = own.filter { $0.1 == test }.map(\.0), f = offTopic.filter { $0.1 == test }.map(\.0)
            return (Double(o.filter { $0 >= cut }.count) / Double(o.count), Double(f.filter { $0 < cut }.count) / Double(f.count), o.count)
        }
        let cut = (0...100).map { Double($0) / 100 }.max { a, b in
            let x = rates(a, test: false), y = rates(b, test: false)
            return x.kept + x.caught < y.kept + y.caught
        } ?? 0
        let percentiles = GoldenBooks.percentiles
        let dev = rates(cut, test: false), test = rates(cut, test: true)
        let result = Result(
            machine: MachineFacts.collect(), embedder: options.embedder, model: model.model, cut: cut, devProbes: dev.count, testProbes: test.count,
            devKept: dev.kept, devCaught: dev.caught, testKept: test.kept, testCaught: test.caught,
            ownPercentiles: percentiles(own.filter { !$0.1 }.map(\.0)), offTopicPercentiles: percentiles(offTopic.filter { !$0.1 }.map(\.0)))
        print("embedder \(options.embedder) (\(model.model)), \(sections.count) sections; cut (Youden's J on dev): \(String(format: "%.2f", cut))")
        print(String(format: "dev (%d probes): own kept %.3f, off-topic caught %.3f; test (%d): %.3f, %.3f", dev.count, dev.kept, dev.caught, test.count, test.kept, test.caught))
        print("own p5/p50/p95 \(result.ownPercentiles["p5"]!)/\(result.ownPercentiles["p50"]!)/\(result.ownPercentiles["p95"]!); off-topic \(result.offTopicPercentiles["p5"]!)/\(result.offTopicPercentiles["p50"]!)/\(result.offTopicPercentiles["p95"]!)")
        try writeJSON(result, to: options.json)
    }

    /// Every golden section with references: objectives, "term\ndefinition", "stem\nanswer"
    /// (as `GateItem.aboutText` writes items); its probes are its first terms and questions.
    func goldenSections() throws -> [Section] {
        try GoldenBooks.load(golden: options.golden, cases: cases).flatMap { chapter in
            chapter.sections.compactMap { section -> Section? in
                let terms = section.terms.map { "\($0.term)\n\($0.definition)" }
                let questions = section.questions.map { "\($0.stem)\n\($0.answer)" }
                let probes = Array(terms.prefix(perSection)) + Array(questions.prefix(perSection))
                let references = section.objectives + terms + questions
                guard !probes.isEmpty, references.count >= 2 else { return nil }
                return Section(book: chapter.bookIndex, test: chapter.test, references: references, probes: probes)
            }
        }
    }
}
