import Foundation

/// The golden OpenStax books (`../shared/golden/openstax/*.json`) as the benchmarks on meaning
/// read them: chapters of sections, each with its objectives, glossary terms and review
/// questions, and whether its chapter is held out (a `split: test` case of the suite comes from it).
struct GoldenChapter {
    var book: String
    var bookIndex: Int
    /// From 1.
    var number: Int
    var title: String
    var test: Bool
    var sections: [GoldenSection]
}

struct GoldenSection {
    var title: String
    var objectives: [String]
    var terms: [(term: String, definition: String)]
    /// Review questions with their correct answer.
    var questions: [(stem: String, answer: String)]
}

enum GoldenBooks {
    static func load(golden: String, cases: String) throws -> [GoldenChapter] {
        let held = try MeaningCutsCommand.heldOutChapters(cases: cases)
        var chapters: [GoldenChapter] = []
        let files = try FileManager.default.contentsOfDirectory(atPath: golden).filter { $0.hasSuffix(".json") }.sorted()
        for (bookIndex, file) in files.enumerated() {
            let book = String(file.dropLast(5))
            guard let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: golden).appendingPathComponent(file))) as? [String: Any],
                let objects = object["chapters"] as? [[String: Any]]
            else { continue }
            for (index, chapter) in objects.enumerated() {
                let sections = (chapter["sections"] as? [[String: Any]] ?? []).map { section in
                    GoldenSection(
                        title: section["title"] as? String ?? "",
                        objectives: section["objectives"] as? [String] ?? [],
                        terms: (section["terms"] as? [[String: Any]] ?? []).compactMap { term in
                            guard let name = term["term"] as? String, let definition = term["definition"] as? String else { return nil }
                            return (name, definition)
                        },
                        questions: (section["mcq"] as? [[String: Any]] ?? []).compactMap { mcq in
                            guard let stem = mcq["stem"] as? String, let choices = mcq["choices"] as? [String], let answer = mcq["answer"] as? Int,
                                choices.indices.contains(answer)
                            else { return nil }
                            return (stem, choices[answer])
                        })
                }
                chapters.append(GoldenChapter(
                    book: book, bookIndex: bookIndex, number: index + 1, title: chapter["title"] as? String ?? "",
                    test: held.contains("\(book)/\(index + 1)"), sections: sections))
            }
        }
        return chapters
    }

    /// Percentiles 5, 25, 50, 75, 95 and 99 of `values`, to three decimals.
    static func percentiles(_ values: [Double]) -> [String: Double] {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return [:] }
        return Dictionary(uniqueKeysWithValues: [5, 25, 50, 75, 95, 99].map { p in
            ("p\(p)", (sorted[min(sorted.count - 1, sorted.count * p / 100)] * 1000).rounded() / 1000)
        })
    }
}
