import ArgumentParser
import Foundation
import PrimerCore
import PrimerDocuments
import PrimerProviders

/// (j) Finding a section's passages: BM25, an embedder's cosine, and the two fused by rank as
/// grounding fuses them (`DocumentGrounding.candidates`), on the golden textbooks. Each whole chapter of `golden/openstax/text/` is
/// split into passages as an attached document would be; each of its sections' learning
/// objectives and glossary terms is a query, and a passage under that section's heading is a
/// hit. Reported: recall@k (the share of queries with a hit in the first k) per method, and the
/// paired bootstrap interval of fused − BM25.
struct RetrievalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "retrieval",
        abstract: "(j) Recall@k of BM25, embeddings and both fused, on the golden textbooks' chapters.")

    @OptionGroup var options: EmbedderBenchOptions
    @Option(parsing: .upToNextOption, help: "The k of recall@k.") var k: [Int] = [1, 3, 6]

    struct Query {
        var text: String
        var kind: String
        var chapter: Int
        var section: String
    }

    struct MethodResult: Codable {
        var recall: [String: Double]
        var meanReciprocalRank: Double
    }

    struct Result: Codable {
        var machine: MachineFacts
        var embedder: String
        var model: String
        var chapters: Int
        var passages: Int
        var queries: Int
        var methods: [String: MethodResult]
        /// Fused − BM25, recall@k, 95 % paired bootstrap interval over queries.
        var fusedMinusBM25: [String: [Double]]
        var embeddingsMinusBM25: [String: [Double]]
        var embedSeconds: Double
    }

    func run() async throws {
        let model = try options.makeEmbedder()
        let embedder = options.embedder

        var rankings: [String: [[Bool]]] = ["bm25": [], "embeddings": [], "fused": []]
        var passageCount = 0, chapterCount = 0, embedSeconds = 0.0
        let clock = ContinuousClock()
        for (chapter, sections, text) in try chapters() {
            let document = ExtractedDocument(name: "chapter \(chapter).md", format: .markdown, text: text)
            let start = clock.now
            // The grounding `generate --embedder` builds: every passage embedded once.
            let grounding = try await DocumentGrounding.hybrid(documents: [document], embedder: model)
            embedSeconds += (clock.now - start).seconds
            let passages = grounding.retriever.passages
            guard !passages.isEmpty, let meanings = grounding.meanings else { continue }
            chapterCount += 1
            passageCount += passages.count
            let queries = sections.flatMap { section in
                (section.objectives.map { Query(text: $0, kind: "objective", chapter: chapter, section: section.title) }
                    + section.terms.map { Query(text: $0, kind: "term", chapter: chapter, section: section.title) })
            }
            let index = Dictionary(uniqueKeysWithValues: passages.enumerated().map { ($0.element, $0.offset) })
            for query in queries {
                let relevant = passages.map { $0.headingPath.contains(query.section) }
                // BM25's whole ranking; the embedder's; and the candidates grounding takes
                // (BM25 within its cutoff fused with the `limit` closest in meaning).
                let lexical = grounding.retriever.ranked(query: query.text).compactMap { index[$0.passage] }
                let byMeaning = try await meanings.ranked(query: query.text)
                let fused = try await grounding.candidates(query: query.text).compactMap { index[$0] }
                rankings["bm25"]!.append(lexical.map { relevant[$0] })
                rankings["embeddings"]!.append(byMeaning.map { relevant[$0] })
                rankings["fused"]!.append(fused.map { relevant[$0] })
            }
        }
        let count = rankings["bm25"]!.count
        guard count > 0 else { throw ValidationError("no chapter with sections found under \(options.golden)") }
        var methods: [String: MethodResult] = [:]
        for (name, ranks) in rankings {
            methods[name] = MethodResult(
                recall: Dictionary(uniqueKeysWithValues: k.map { ("\($0)", Self.recall(ranks, at: $0)) }),
                meanReciprocalRank: ranks.map { hits in hits.firstIndex(of: true).map { 1 / Double($0 + 1) } ?? 0 }.reduce(0, +) / Double(count))
        }
        func interval(_ method: String) -> [String: [Double]] {
            Dictionary(uniqueKeysWithValues: k.map { cut in
                let differences = zip(rankings[method]!, rankings["bm25"]!).map { pair in
                    (pair.0.prefix(cut).contains(true) ? 1.0 : 0) - (pair.1.prefix(cut).contains(true) ? 1.0 : 0)
                }
                return ("\(cut)", Self.bootstrap(differences))
            })
        }
        let result = Result(
            machine: MachineFacts.collect(), embedder: embedder, model: model.model, chapters: chapterCount, passages: passageCount,
            queries: count, methods: methods, fusedMinusBM25: interval("fused"), embeddingsMinusBM25: interval("embeddings"),
            embedSeconds: embedSeconds)
        print("\(chapterCount) chapters, \(passageCount) passages, \(count) queries (objectives and terms); embedder \(embedder) (\(model.model))")
        print("| method | " + k.map { "recall@\($0)" }.joined(separator: " | ") + " | MRR |")
        print("|---|" + k.map { _ in "---:|" }.joined() + "---:|")
        for name in ["bm25", "embeddings", "fused"] {
            let m = methods[name]!
            print("| \(name) | " + k.map { String(format: "%.3f", m.recall["\($0)"]!) }.joined(separator: " | ")
                + String(format: " | %.3f |", m.meanReciprocalRank))
        }
        for (label, values) in [("fused − bm25", result.fusedMinusBM25), ("embeddings − bm25", result.embeddingsMinusBM25)] {
            print(label + ": " + k.map { "@\($0) [\(String(format: "%+.3f", values["\($0)"]![0])), \(String(format: "%+.3f", values["\($0)"]![1]))]" }.joined(separator: "  "))
        }
        print(String(format: "embedding time: %.1f s", embedSeconds))
        try writeJSON(result, to: options.json)
        await LaunchedServers.shared.stopAll()
    }

    static func recall(_ rankings: [[Bool]], at k: Int) -> Double {
        Double(rankings.filter { $0.prefix(k).contains(true) }.count) / Double(max(1, rankings.count))
    }

    /// The 95 % interval of the mean of `values` by 2,000 bootstrap resamples (a fixed seed).
    static func bootstrap(_ values: [Double]) -> [Double] {
        var generator = SplitMix(seed: 42)
        let means = (0..<2000).map { _ in
            (0..<values.count).reduce(0.0) { sum, _ in sum + values[Int(generator.next() % UInt64(values.count))] } / Double(values.count)
        }.sorted()
        return [means[49], means[1949]]
    }

    /// The golden chapters with a whole text: (chapter number, its sections, the text).
    func chapters() throws -> [(Int, [(title: String, objectives: [String], terms: [String])], String)] {
        let root = URL(fileURLWithPath: options.golden)
        var found: [(Int, [(title: String, objectives: [String], terms: [String])], String)] = []
        let books = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("text").path).sorted()
        for book in books {
            let bookJSON = root.appendingPathComponent("\(book).json")
            guard let data = try? Data(contentsOf: bookJSON),
                let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
                let chapters = object["chapters"] as? [[String: Any]]
            else { continue }
            let folder = root.appendingPathComponent("text").appendingPathComponent(book)
            for file in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
                // Whole chapters only (chNN.md), not the section files (chNN-sM.md).
                guard file.hasPrefix("ch"), file.hasSuffix(".md"), !file.contains("-"),
                    let number = Int(file.dropFirst(2).dropLast(3)), number >= 1, number <= chapters.count
                else { continue }
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                let sections = (chapters[number - 1]["sections"] as? [[String: Any]] ?? []).map { section in
                    (title: section["title"] as? String ?? "",
                     objectives: section["objectives"] as? [String] ?? [],
                     terms: (section["terms"] as? [[String: Any]] ?? []).compactMap { $0["term"] as? String })
                }
                // Only sections the chapter's text names as a heading can be hits.
                let headed = sections.filter { text.contains("## " + $0.title) }
                found.append((number, headed, text))
            }
        }
        return found
    }
}

/// SplitMix64: a small seeded generator, so the bootstrap gives the same interval every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
