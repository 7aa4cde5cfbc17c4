import Foundation
import PrimerCore
import PrimerExport
import ZIPFoundation

enum Fixtures {
    /// A kit with awkward text: commas, quotes, tabs, newlines, HTML, `::` in a title.
    static let biology = Kit(
        subject: KitSubject(title: "Cell Biology", kind: .general, notes: "For first-year students.\nBring a microscope."),
        topics: [
            KitTopic(title: "Cells", overview: "What cells are made of.", subtopics: [
                KitSubtopic(
                    title: "Membranes",
                    notes: "# Membranes\n\nThe membrane is a *lipid bilayer*.\n\n## Transport\n\nDiffusion, osmosis.",
                    flashcards: [
                        PairItem(front: "What is a membrane made of?", back: "Lipids, proteins, and \"some\" sugars"),
                        PairItem(front: "Tab\there, <b>not bold</b> & more", back: "Line one\nLine two"),
                    ],
                    questions: [
                        ChoiceItem(question: "Which molecule forms the bilayer?",
                                     choices: ["Phospholipid", "Glucose", "DNA", "ATP"], correctIndex: 0,
                                     explanation: "Phospholipids have a hydrophilic head, and two tails."),
                    ],
                    terms: [PairItem(front: "Osmosis", back: "Diffusion of water across a membrane.")],
                    sources: [Citation(url: "https://example.org/membranes", title: "Membranes, an overview", snippet: "…")],
                    generations: [
                        KitGeneration(family: "flashcards", familyVersion: 2, provider: "mock", model: "mock-1", status: "ok",
                                      attempts: 1, promptTokens: 120, completionTokens: 80, cost: 0.0012, latencyMs: 340, error: nil),
                    ]),
                KitSubtopic(
                    title: "Organelles",
                    notes: "Mitochondria make ATP.",
                    flashcards: [PairItem(front: "Powerhouse of the cell?", back: "Mitochondrion")],
                    questions: [
                        ChoiceItem(question: "Where is DNA kept?", choices: ["Ribosome", "Nucleus", "Golgi", "Vacuole"],
                                     correctIndex: 1, explanation: "In the nucleus."),
                    ]),
            ]),
            KitTopic(title: "Genetics: basics::advanced", subtopics: [
                KitSubtopic(
                    title: "Genes",
                    terms: [
                        PairItem(front: "Allele", back: "A variant of a gene."),
                        PairItem(front: "Locus", back: "Where a gene sits, on a chromosome."),
                    ],
                    generations: [
                        KitGeneration(family: "quiz", familyVersion: 1, provider: "mock", model: "mock-1", status: "failed",
                                      attempts: 3, promptTokens: 0, completionTokens: 0, cost: nil, latencyMs: 0, error: "gates rejected"),
                    ]),
            ]),
        ])

    static let spanish = Kit(
        subject: KitSubject(title: "Spanish", kind: .language),
        topics: [
            KitTopic(title: "Greetings", subtopics: [
                KitSubtopic(
                    title: "Hello",
                    flashcards: [PairItem(front: "hola", back: "hello"), PairItem(front: "hola", back: "hi")],
                    questions: [
                        ChoiceItem(question: "¿Cómo estás?", choices: ["Fine", "Red", "Dog", "Ten"], correctIndex: 0,
                                     explanation: "It asks how you are."),
                    ]),
            ]),
        ])

    static func counts(_ kits: [Kit]) -> (flashcards: Int, terms: Int, questions: Int, subtopics: Int) {
        var result = (flashcards: 0, terms: 0, questions: 0, subtopics: 0)
        for subtopic in kits.flatMap({ $0.topics.flatMap(\.subtopics) }) {
            result.flashcards += subtopic.pairs("flashcards").count
            result.terms += subtopic.pairs("terms").count
            result.questions += subtopic.choices("quiz").count
            result.subtopics += 1
        }
        return result
    }

    static func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("primer-export-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Unzips a package into a new folder and returns it.
    static func unzip(_ package: URL) throws -> URL {
        let dir = try temporaryDirectory()
        let archive = try Archive(url: package, accessMode: .read)
        for entry in archive {
            _ = try archive.extract(entry, to: dir.appendingPathComponent(entry.path))
        }
        return dir
    }
}

/// A strict RFC 4180 reader, to check what the CSV export wrote.
enum CSVReader {
    static func parse(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var index = text.unicodeScalars.startIndex
        let scalars = text.unicodeScalars
        while index < scalars.endIndex {
            let c = scalars[index]
            if quoted {
                if c == "\"" {
                    let next = scalars.index(after: index)
                    if next < scalars.endIndex, scalars[next] == "\"" {
                        field.unicodeScalars.append("\"")
                        index = next
                    } else {
                        quoted = false
                    }
                } else {
                    field.unicodeScalars.append(c)
                }
            } else if c == "\"" {
                quoted = true
            } else if c == "," {
                row.append(field)
                field = ""
            } else if c == "\r" {
                // CRLF ends the record; the LF follows.
            } else if c == "\n" {
                row.append(field)
                rows.append(row)
                row = []
                field = ""
            } else {
                field.unicodeScalars.append(c)
            }
            index = scalars.index(after: index)
        }
        if !field.isEmpty || !row.isEmpty { row.append(field); rows.append(row) }
        return rows
    }
}

extension KitSubtopic {
    /// A subtopic as the shipped families store it: the notes lesson, flashcards, quiz and a
    /// glossary of terms, with those families' names for their items.
    init(
        title: String, notes: String? = nil, flashcards: [PairItem] = [], questions: [ChoiceItem] = [],
        terms: [PairItem] = [], sources: [Citation] = [], generations: [KitGeneration] = []
    ) {
        var content: [KitContent] = []
        var id: Int64 = 0
        func items(_ contents: [ItemContent]) -> [KitItem] {
            contents.map { id += 1; return KitItem(id: id, content: $0) }
        }
        if let notes { content.append(KitContent(family: "lesson", shape: .lesson, role: .lesson, items: items([.lesson(notes)]))) }
        if !flashcards.isEmpty { content.append(KitContent(family: "flashcards", shape: .pair, items: items(flashcards.map(ItemContent.pair)))) }
        if !questions.isEmpty { content.append(KitContent(family: "quiz", shape: .choice, items: items(questions.map(ItemContent.choice)))) }
        if !terms.isEmpty {
            content.append(KitContent(
                family: "terms", shape: .pair, role: .glossary,
                labels: ItemLabels(noun: "term", title: "Terms", fields: ["front": "term", "back": "definition"]),
                items: items(terms.map(ItemContent.pair))))
        }
        self.init(title: title, content: content, sources: sources, generations: generations)
    }
}
