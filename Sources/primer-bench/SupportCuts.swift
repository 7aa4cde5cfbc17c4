import ArgumentParser
import Foundation
import PrimerCore
import PrimerDocuments

/// (n) Where the `citations` gate cuts a claim's support (`Citations.support`: the share of its
/// words its cited sources contain). Claims are the golden sections' glossary definitions ("T is
/// D.") and review questions with the answer filled in; a claim's true source is the passage of
/// its own chapter BM25 ranks first for it — what `primer ask` would number [1] — and its false
/// source the first passage of a chapter of another book. No embedder: the rule reads words.
/// Dev chapters choose (Youden's J), held-out ones check.
struct SupportCutsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "support-cuts",
        abstract: "(n) How much of a claim its own source contains vs another book's: the citations gate's support cut.")

    @Option(help: "The golden OpenStax folder (book JSONs and text/).") var golden = "../shared/golden/openstax"
    @Option(help: "The openstax suite's cases (to tell test chapters from dev ones).") var cases = "Evaluations/openstax/cases"
    @Option(help: "Write the result as JSON here.") var json: String?

    struct Split: Codable {
        var claims: Int
        var supportedKept: Double
        var unsupportedCaught: Double
    }

    struct Result: Codable {
        var machine: MachineFacts
        var jCut: Double
        var shippedCut: Double
        var dev: Split
        var test: Split
        /// Dev: (cut, supported kept, unsupported caught) every 0.1.
        var curve: [[Double]]
    }

    func run() throws {
        var chapters: [(book: String, test: Bool, retriever: PassageRetriever, claims: [String])] = []
        let folder = URL(fileURLWithPath: golden).appendingPathComponent("text")
        for chapter in try GoldenBooks.load(golden: golden, cases: cases) {
            // Whole chapters only (chNN.md), not the section files (chNN-sM.md).
            let file = folder.appendingPathComponent(chapter.book).appendingPathComponent(String(format: "ch%02d.md", chapter.number))
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            var claims: [String] = []
            for section in chapter.sections where text.contains("## \(section.title)") && !section.title.isEmpty {
                claims += section.terms.map { "\($0.term) is \($0.definition)." }
                claims += section.questions.filter { $0.stem.contains("____") }.map { $0.stem.replacing(/_{3,}/, with: $0.answer) }
            }
            let document = ExtractedDocument(name: file.lastPathComponent, format: .markdown, text: text)
            chapters.append((chapter.book, chapter.test, PassageRetriever(documents: [document]), claims))
        }
        var own: [(Double, Bool)] = [], other: [(Double, Bool)] = []
        for (index, chapter) in chapters.enumerated() {
            var pair = (index + chapters.count / 2) % chapters.count
            while chapters[pair].book == chapter.book { pair = (pair + 1) % chapters.count }
            for claim in chapter.claims {
                guard let source = chapter.retriever.ranked(query: claim).first?.passage else { continue }
                let foreign = chapters[pair].retriever.ranked(query: claim).first?.passage ?? chapters[pair].retriever.passages[0]
                own.append((Citations.support(of: claim, in: [source.text]), chapter.test))
                other.append((Citations.support(of: claim, in: [foreign.text]), chapter.test))
            }
        }
        func split(_ cut: Double, test: Bool) -> Split {
            let o = own.filter { $0.1 == test }.map(\.0), f = other.filter { $0.1 == test }.map(\.0)
            return Split(
                claims: o.count, supportedKept: Double(o.filter { $0 >= cut }.count) / Double(max(1, o.count)),
                unsupportedCaught: Double(f.filter { $0 < cut }.count) / Double(max(1, f.count)))
        }
        let cuts = (0...20).map { Double($0) / 20 }
        let jCut = cuts.max { split($0, test: false).supportedKept + split($0, test: false).unsupportedCaught
            < split($1, test: false).supportedKept + split($1, test: false).unsupportedCaught } ?? 0
        let shipped = Citations.minimumSupport
        let result = Result(
            machine: MachineFacts.collect(), jCut: jCut, shippedCut: shipped, dev: split(shipped, test: false), test: split(shipped, test: true),
            curve: (1...9).map { Double($0) / 10 }.map { [$0, split($0, test: false).supportedKept, split($0, test: false).unsupportedCaught] })
        print("\(own.count) claims from \(chapters.count) chapters; Youden's J on dev: \(String(format: "%.2f", jCut)); shipped: \(shipped)")
        for (name, s) in [("dev", result.dev), ("test", result.test)] {
            print(String(format: "%@ at %.2f: %d claims, supported kept %.3f, unsupported caught %.3f", name, shipped, s.claims, s.supportedKept, s.unsupportedCaught))
        }
        for point in result.curve { print(String(format: "  cut %.1f: kept %.3f, caught %.3f", point[0], point[1], point[2])) }
        try writeJSON(result, to: json)
    }
}
