import ArgumentParser
import Foundation
import PrimerCore
import PrimerProviders

/// (k) Where the `relevance` gate cuts: how close golden items are to their own section
/// ("Chapter: Section", as the gate names a subtopic, and the section's text where the golden
/// data has it, standing for the lesson) against how close the same items are to a section of another book (an off-topic item, like
/// a question on computer parts in a subtopic on matrices), and how often a golden item is closer
/// to a sibling section of its chapter. Items are each section's glossary terms ("term:
/// definition") and review questions ("stem — answer"), at most `--per-section` of each. The cut
/// is chosen on the dev chapters (every chapter no held-out case of the openstax suite comes
/// from) by Youden's J, then checked on the test chapters.
struct MeaningCutsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "meaning-cuts",
        abstract: "(k) Similarity of golden items to their own section vs another book's: the relevance gate's cut, chosen on dev, checked on test.")

    @OptionGroup var options: EmbedderBenchOptions
    var golden: String { options.golden }
    @Option(help: "The openstax suite's cases (to tell test chapters from dev ones).") var cases = "Evaluations/openstax/cases"
    @Option(help: "Terms and questions of each section, at most (each).") var perSection = 3

    struct Item {
        var text: String
        var book: Int
        var reference: String
        var siblings: [String]
        var test: Bool
        /// The section's own text, where the golden data has it: what a lesson on it says.
        var lesson: String?
    }

    struct Split: Codable {
        var items: Int
        /// Golden items at or above the cut (kept), off-topic ones below it (caught).
        var kept: Double
        var caught: Double
        /// Golden items closer to a sibling section than to their own.
        var closerToSibling: Double
        var ownPercentiles: [String: Double]
        var offTopicPercentiles: [String: Double]
    }

    struct Result: Codable {
        var machine: MachineFacts
        var embedder: String
        var model: String
        var cut: Double
        var dev: Split
        var test: Split
        var histogram: [String: [Int]]
        /// On the items whose section has text: each way of scoring an item against its subtopic
        /// and lesson, its cut (Youden's J on dev) and what it keeps and catches on test.
        var withLesson: [String: Rule]
    }

    struct Rule: Codable {
        var cut: Double
        var devKept: Double
        var devCaught: Double
        var testKept: Double
        var testCaught: Double
        var devItems: Int
        var testItems: Int
    }

    func run() async throws {
        let model = try options.makeEmbedder()
        let embedder = options.embedder
        let items = try goldenItems()
        let references = Array(Set(items.flatMap { [$0.reference] + $0.siblings } + items.compactMap(\.lesson))).sorted()
        let texts = items.map(\.text) + references
        let vectors = try await model.embed(texts)
        await LaunchedServers.shared.stopAll()
        let itemVectors = Array(vectors.prefix(items.count))
        let referenceVector = Dictionary(uniqueKeysWithValues: zip(references, vectors.dropFirst(items.count)))

        // Off-topic: each item against the section of the item `stride` places on that belongs
        // to another book (a fixed pairing, so every run measures the same pairs).
        var own: [Double] = [], offTopic: [Double] = [], sibling: [Bool] = []
        for (i, item) in items.enumerated() {
            let v = itemVectors[i]
            own.append(Embeddings.cosine(v, referenceVector[item.reference]!))
            var j = (i + items.count / 2) % items.count
            while items[j].book == item.book { j = (j + 1) % items.count }
            offTopic.append(Embeddings.cosine(v, referenceVector[items[j].reference]!))
            let closest = item.siblings.map { Embeddings.cosine(v, referenceVector[$0]!) }.max() ?? -1
            sibling.append(closest > own.last!)
        }
        let dev = items.indices.filter { !items[$0].test }, test = items.indices.filter { items[$0].test }
        // Youden's J on dev: the cut that best separates own from off-topic similarities.
        func youden(_ own: [Double], _ offTopic: [Double], _ indices: [Int]) -> Double {
            var best = (cut: 0.0, j: -1.0)
            for step in 0...100 {
                let cut = Double(step) / 100
                let kept = Double(indices.filter { own[$0] >= cut }.count) / Double(indices.count)
                let caught = Double(indices.filter { offTopic[$0] < cut }.count) / Double(indices.count)
                if kept + caught - 1 > best.j { best = (cut, kept + caught - 1) }
            }
            return best.cut
        }
        let best = (cut: youden(own, offTopic, dev), j: 0.0)

        // Items whose section has text: the lesson as a second reference. The off-topic pairing
        // is the same as above, restricted to items that have one.
        let lessoned = items.indices.filter { items[$0].lesson != nil }
        var lessonOwn = [Double](repeating: 0, count: items.count), lessonOff = lessonOwn
        var titleOff = lessonOwn
        for i in lessoned {
            let v = itemVectors[i]
            lessonOwn[i] = Embeddings.cosine(v, referenceVector[items[i].lesson!]!)
            var j = (i + items.count / 2) % items.count
            while items[j].book == items[i].book || items[j].lesson == nil { j = (j + 1) % items.count }
            lessonOff[i] = Embeddings.cosine(v, referenceVector[items[j].lesson!]!)
            titleOff[i] = Embeddings.cosine(v, referenceVector[items[j].reference]!)
        }
        var withLesson: [String: Rule] = [:]
        let rules: [(String, (Int) -> Double, (Int) -> Double)] = [
            ("title", { own[$0] }, { titleOff[$0] }),
            ("lesson", { lessonOwn[$0] }, { lessonOff[$0] }),
            ("max(title, lesson)", { max(own[$0], lessonOwn[$0]) }, { max(titleOff[$0], lessonOff[$0]) }),
            ("mean(title, lesson)", { (own[$0] + lessonOwn[$0]) / 2 }, { (titleOff[$0] + lessonOff[$0]) / 2 }),
        ]
        let lessonDev = lessoned.filter { !items[$0].test }, lessonTest = lessoned.filter { items[$0].test }
        for (name, ownScore, offScore) in rules where !lessonDev.isEmpty && !lessonTest.isEmpty {
            let ownAll = items.indices.map { lessoned.contains($0) ? ownScore($0) : 0 }
            let offAll = items.indices.map { lessoned.contains($0) ? offScore($0) : 0 }
            let cut = youden(ownAll, offAll, lessonDev)
            func rate(_ values: [Double], _ indices: [Int], kept: Bool) -> Double {
                Double(indices.filter { kept ? values[$0] >= cut : values[$0] < cut }.count) / Double(indices.count)
            }
            withLesson[name] = Rule(
                cut: cut, devKept: rate(ownAll, lessonDev, kept: true), devCaught: rate(offAll, lessonDev, kept: false),
                testKept: rate(ownAll, lessonTest, kept: true), testCaught: rate(offAll, lessonTest, kept: false),
                devItems: lessonDev.count, testItems: lessonTest.count)
        }
        func split(_ indices: [Int]) -> Split {
            func percentiles(_ values: [Double]) -> [String: Double] {
                let sorted = values.sorted()
                return Dictionary(uniqueKeysWithValues: [5, 25, 50, 75, 95].map { p in
                    ("p\(p)", (sorted[min(sorted.count - 1, sorted.count * p / 100)] * 1000).rounded() / 1000)
                })
            }
            return Split(
                items: indices.count,
                kept: Double(indices.filter { own[$0] >= best.cut }.count) / Double(indices.count),
                caught: Double(indices.filter { offTopic[$0] < best.cut }.count) / Double(indices.count),
                closerToSibling: Double(indices.filter { sibling[$0] }.count) / Double(indices.count),
                ownPercentiles: percentiles(indices.map { own[$0] }), offTopicPercentiles: percentiles(indices.map { offTopic[$0] }))
        }
        // Counts per 0.05 of similarity, dev split: own sections, then off-topic ones.
        func histogram(_ values: [Double]) -> [Int] {
            var bins = [Int](repeating: 0, count: 20)
            for value in values { bins[min(19, max(0, Int(value * 20)))] += 1 }
            return bins
        }
        let result = Result(
            machine: MachineFacts.collect(), embedder: embedder, model: model.model, cut: best.cut, dev: split(dev), test: split(test),
            histogram: ["own (dev)": histogram(dev.map { own[$0] }), "off-topic (dev)": histogram(dev.map { offTopic[$0] })],
            withLesson: withLesson)
        print("\(items.count) golden items (\(dev.count) dev, \(test.count) test), embedder \(embedder) (\(model.model))")
        print(String(format: "cut (Youden's J on dev): %.2f", best.cut))
        for (name, s) in [("dev", result.dev), ("test", result.test)] {
            print(String(format: "%@: golden kept %.3f, off-topic caught %.3f, golden closer to a sibling %.3f; own p5/p50/p95 %.2f/%.2f/%.2f, off-topic p5/p50/p95 %.2f/%.2f/%.2f",
                         name, s.kept, s.caught, s.closerToSibling, s.ownPercentiles["p5"]!, s.ownPercentiles["p50"]!, s.ownPercentiles["p95"]!,
                         s.offTopicPercentiles["p5"]!, s.offTopicPercentiles["p50"]!, s.offTopicPercentiles["p95"]!))
        }
        print("similarity   " + (0..<20).map { String(format: "%5.2f", Double($0) / 20) }.joined())
        for name in ["own (dev)", "off-topic (dev)"] {
            print(name.padding(toLength: 13, withPad: " ", startingAt: 0) + result.histogram[name]!.map { String(format: "%5d", $0) }.joined())
        }
        print("items whose section has text (the lesson): rule, cut on dev, dev kept/caught, test kept/caught")
        for (name, rule) in withLesson.sorted(by: { $0.key < $1.key }) {
            print(String(format: "  %@: cut %.2f  dev %.3f / %.3f (%d)  test %.3f / %.3f (%d)", name as NSString, rule.cut, rule.devKept, rule.devCaught,
                         rule.devItems, rule.testKept, rule.testCaught, rule.testItems))
        }
        try writeJSON(result, to: options.json)
    }

    /// Every golden section's items, with the section title as the reference, its chapter's
    /// other sections as siblings, and whether its chapter is held out.
    func goldenItems() throws -> [Item] {
        let testChapters = try Self.heldOutChapters(cases: cases)
        var items: [Item] = []
        let texts = try sectionTexts()
        let books = try FileManager.default.contentsOfDirectory(atPath: golden).filter { $0.hasSuffix(".json") }.sorted()
        for (bookIndex, file) in books.enumerated() {
            let slug = String(file.dropLast(5))
            guard let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: golden).appendingPathComponent(file))) as? [String: Any],
                let chapters = object["chapters"] as? [[String: Any]]
            else { continue }
            for (chapterIndex, chapter) in chapters.enumerated() {
                let sections = (chapter["sections"] as? [[String: Any]] ?? []).filter { ($0["title"] as? String)?.isEmpty == false }
                guard sections.count >= 2 else { continue }
                let titles = sections.map { $0["title"] as! String }
                // As the gate names a subtopic: "Topic: Subtopic" (`GateMeanings.subtopicText`).
                let chapterTitle = chapter["title"] as? String ?? ""
                func named(_ section: String) -> String { chapterTitle.isEmpty ? section : "\(chapterTitle): \(section)" }
                let test = testChapters.contains("\(slug)/\(chapterIndex + 1)")
                for section in sections {
                    let title = section["title"] as! String
                    let terms = (section["terms"] as? [[String: Any]] ?? []).prefix(perSection).compactMap { term -> String? in
                        guard let name = term["term"] as? String, let definition = term["definition"] as? String else { return nil }
                        return "\(name): \(definition)"
                    }
                    let questions = (section["mcq"] as? [[String: Any]] ?? []).prefix(perSection).compactMap { mcq -> String? in
                        guard let stem = mcq["stem"] as? String, let choices = mcq["choices"] as? [String], let answer = mcq["answer"] as? Int,
                            choices.indices.contains(answer)
                        else { return nil }
                        return "\(stem) — \(choices[answer])"
                    }
                    for text in terms + questions {
                        items.append(Item(
                            text: text, book: bookIndex, reference: named(title), siblings: titles.filter { $0 != title }.map(named), test: test,
                            lesson: texts["\(slug)/\(title)"]))
                    }
                }
            }
        }
        return items
    }

    /// "book/section title" → the first 1,000 characters of that section's text, from the golden
    /// chapters (split at their `## ` headings) and section files (`# ` title first).
    func sectionTexts() throws -> [String: String] {
        var texts: [String: String] = [:]
        let root = URL(fileURLWithPath: golden).appendingPathComponent("text")
        for book in try FileManager.default.contentsOfDirectory(atPath: root.path) {
            let folder = root.appendingPathComponent(book)
            guard let files = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { continue }
            for file in files where file.hasSuffix(".md") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                let marker = file.contains("-s") ? "# " : "## "
                var title: String?
                var body = ""
                func flush() {
                    if let title, !body.isEmpty, texts["\(book)/\(title)"] == nil {
                        texts["\(book)/\(title)"] = String(body.trimmingCharacters(in: .whitespacesAndNewlines).prefix(1000))
                    }
                }
                for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                    if line.hasPrefix(marker) {
                        flush()
                        title = String(line.dropFirst(marker.count)).trimmingCharacters(in: .whitespaces)
                        body = ""
                    } else if !line.hasPrefix("#") {
                        body += line + "\n"
                    }
                }
                flush()
            }
        }
        return texts
    }

    /// "book/chapter" of every chapter a held-out (split: test) case of the suite comes from.
    static func heldOutChapters(cases: String) throws -> Set<String> {
        var chapters = Set<String>()
        for file in try FileManager.default.contentsOfDirectory(atPath: cases).filter({ $0.hasSuffix(".yaml") }) {
            let lines = try String(contentsOfFile: (cases as NSString).appendingPathComponent(file), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for (index, line) in lines.enumerated() where line.contains("split: \"test\"") || line.contains("split: test") {
                // The case's id is on the nearest "- id:" line above: "book/ch25" or "book/8.2".
                guard let idLine = lines[..<index].last(where: { $0.contains("- id:") }) else { continue }
                let id = idLine.split(separator: "\"").dropFirst().first.map(String.init) ?? ""
                let parts = id.split(separator: "/")
                guard parts.count == 2 else { continue }
                let chapter = parts[1].hasPrefix("ch") ? String(parts[1].dropFirst(2)) : String(parts[1].split(separator: ".").first ?? "")
                if let number = Int(chapter) { chapters.insert("\(parts[0])/\(number)") }
            }
        }
        return chapters
    }
}
