import ArgumentParser
import Foundation
import PrimerCore
import PrimerProviders

/// (l) Where the `near-duplicate` gate cuts. Items are each golden section's glossary terms
/// ("term" / "definition", as a card) and review questions ("stem" / correct answer), texts as
/// the gate reads them (`GateItem.aboutText`: the two sides on two lines).
/// - Distinct items: each item's highest similarity to a *different* item of the same shape in
///   its chapter (what a subject's stored items are to a new one). The cut is the lowest at which
///   at most `--budget` of them (dev chapters) would be dropped.
/// - Near-duplicates: a review question whose correct answer is a term of its section, against
///   that term's card (one fact, two wordings), and each term's card against the same card asked
///   as a question ("What is T?" / "Definition.", a small model's usual rewording).
/// The held-out chapters (those the openstax suite's test cases come from) only check.
struct DuplicateCutsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "duplicate-cuts",
        abstract: "(l) Similarity of golden items to other items of their chapter vs to a rewording of themselves: the near-duplicate gate's cut.")

    @OptionGroup var options: EmbedderBenchOptions
    @Option(help: "The openstax suite's cases (to tell test chapters from dev ones).") var cases = "Evaluations/openstax/cases"
    @Option(help: "Share of distinct golden items the cut may drop (dev).") var budget = 0.01

    struct Chapter {
        var test: Bool
        var cards: [String] = []
        var questions: [String] = []
        /// (card, question) pairs of one fact: the question's answer is the card's term.
        var restated: [(Int, Int)] = []
        /// Each card asked as a question.
        var asked: [String] = []
    }

    struct Split: Codable {
        var distinctItems: Int
        var distinctKept: Double
        var restatedPairs: Int
        var restatedCaught: Double
        var askedPairs: Int
        var askedCaught: Double
        var distinctPercentiles: [String: Double]
        var restatedPercentiles: [String: Double]
        var askedPercentiles: [String: Double]
    }

    struct Result: Codable {
        var machine: MachineFacts
        var embedder: String
        var model: String
        var budget: Double
        var cut: Double
        var dev: Split
        var test: Split
        /// Counts per 0.05 of similarity from 0.5, dev.
        var histogram: [String: [Int]]
        /// The closest pairs of different golden items (dev and test): what a lower cut drops.
        var closestDistinct: [String]
    }

    func run() async throws {
        let model = try options.makeEmbedder()
        let chapters = try goldenChapters()
        let texts = Array(Set(chapters.flatMap { $0.cards + $0.questions + $0.asked })).sorted()
        let vectors = try await model.embed(texts)
        await LaunchedServers.shared.stopAll()
        let vector = Dictionary(uniqueKeysWithValues: zip(texts, vectors.map(Embeddings.normalised)))
        func similarity(_ a: String, _ b: String) -> Double { Embeddings.cosine(vector[a]!, vector[b]!) }

        var distinct: [Bool: [Double]] = [:], restated: [Bool: [Double]] = [:], asked: [Bool: [Double]] = [:]
        var closest: [(Double, String, String)] = []
        for chapter in chapters {
            for items in [chapter.cards, chapter.questions] where items.count >= 2 {
                for (i, item) in items.enumerated() {
                    let others = items.enumerated().filter { $0.offset != i && $0.element != item }
                    guard let best = others.map({ (similarity(item, $0.element), $0.element) }).max(by: { $0.0 < $1.0 }) else { continue }
                    distinct[chapter.test, default: []].append(best.0)
                    if item < best.1 { closest.append((best.0, item, best.1)) }
                }
            }
            for (card, question) in chapter.restated {
                restated[chapter.test, default: []].append(similarity(chapter.cards[card], chapter.questions[question]))
            }
            for (card, question) in zip(chapter.cards, chapter.asked) {
                asked[chapter.test, default: []].append(similarity(card, question))
            }
        }
        let devDistinct = distinct[false] ?? []
        // The lowest cut (in hundredths) at which at most `budget` of distinct dev items reach it.
        let cut = (50...100).map { Double($0) / 100 }.first { cut in
            Double(devDistinct.filter { $0 >= cut }.count) / Double(devDistinct.count) <= budget
        } ?? 1
        func share(_ values: [Double], _ test: (Double) -> Bool) -> Double {
            values.isEmpty ? 0 : Double(values.filter(test).count) / Double(values.count)
        }
        let percentiles = GoldenBooks.percentiles
        func split(_ test: Bool) -> Split {
            let d = distinct[test] ?? [], r = restated[test] ?? [], a = asked[test] ?? []
            return Split(
                distinctItems: d.count, distinctKept: share(d) { $0 < cut }, restatedPairs: r.count, restatedCaught: share(r) { $0 >= cut },
                askedPairs: a.count, askedCaught: share(a) { $0 >= cut }, distinctPercentiles: percentiles(d),
                restatedPercentiles: percentiles(r), askedPercentiles: percentiles(a))
        }
        func histogram(_ values: [Double]) -> [Int] {
            var bins = [Int](repeating: 0, count: 10)
            for value in values where value >= 0.5 { bins[min(9, Int((value - 0.5) * 20))] += 1 }
            return bins
        }
        let result = Result(
            machine: MachineFacts.collect(), embedder: options.embedder, model: model.model, budget: budget, cut: cut,
            dev: split(false), test: split(true),
            histogram: [
                "distinct (dev)": histogram(devDistinct), "restated (dev)": histogram(restated[false] ?? []),
                "asked (dev)": histogram(asked[false] ?? []),
            ],
            closestDistinct: closest.sorted { $0.0 > $1.0 }.prefix(20).map {
                String(format: "%.3f  %@  ~  %@", $0.0, $0.1.replacingOccurrences(of: "\n", with: " | ") as NSString,
                       $0.2.replacingOccurrences(of: "\n", with: " | ") as NSString)
            })
        print("embedder \(options.embedder) (\(model.model)); cut: the lowest keeping \(Int(100 - budget * 100)) % of distinct dev items: \(String(format: "%.2f", cut))")
        for (name, s) in [("dev", result.dev), ("test", result.test)] {
            print(String(format: "%@: distinct kept %.3f (%d items), restated caught %.3f (%d pairs), asked caught %.3f (%d pairs)",
                         name, s.distinctKept, s.distinctItems, s.restatedCaught, s.restatedPairs, s.askedCaught, s.askedPairs))
            print("  distinct p50/p95/p99 \(s.distinctPercentiles["p50"] ?? 0)/\(s.distinctPercentiles["p95"] ?? 0)/\(s.distinctPercentiles["p99"] ?? 0); restated p25/p50/p75 \(s.restatedPercentiles["p25"] ?? 0)/\(s.restatedPercentiles["p50"] ?? 0)/\(s.restatedPercentiles["p75"] ?? 0); asked p25/p50/p75 \(s.askedPercentiles["p25"] ?? 0)/\(s.askedPercentiles["p50"] ?? 0)/\(s.askedPercentiles["p75"] ?? 0)")
        }
        print("similarity      " + (0..<10).map { String(format: "%5.2f", 0.5 + Double($0) / 20) }.joined())
        for name in ["distinct (dev)", "restated (dev)", "asked (dev)"] {
            print(name.padding(toLength: 16, withPad: " ", startingAt: 0) + result.histogram[name]!.map { String(format: "%5d", $0) }.joined())
        }
        print("closest distinct pairs:")
        for line in result.closestDistinct.prefix(8) { print("  " + line) }
        try writeJSON(result, to: options.json)
    }

    /// Every golden chapter's cards and questions, as the gate reads them.
    func goldenChapters() throws -> [Chapter] {
        try GoldenBooks.load(golden: options.golden, cases: cases).compactMap { golden in
            var chapter = Chapter(test: golden.test)
            for section in golden.sections {
                var cardOfTerm: [String: Int] = [:]
                for (name, definition) in section.terms {
                    cardOfTerm[name.lowercased().trimmingCharacters(in: .whitespaces)] = chapter.cards.count
                    chapter.cards.append("\(name)\n\(definition)")
                    chapter.asked.append("What is \(name)?\n\(definition.prefix(1).uppercased() + definition.dropFirst()).")
                }
                for (stem, answer) in section.questions {
                    if let card = cardOfTerm[answer.lowercased().trimmingCharacters(in: .whitespaces)] {
                        chapter.restated.append((card, chapter.questions.count))
                    }
                    chapter.questions.append("\(stem)\n\(answer)")
                }
            }
            return chapter.cards.isEmpty && chapter.questions.isEmpty ? nil : chapter
        }
    }
}
