import Foundation
import PrimerBatch
import PrimerCore
import Testing

@Suite struct BatchFileTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("batch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func write(_ text: String, _ name: String) throws -> URL {
        let url = directory.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test func yamlListsOfTitlesAndRecords() throws {
        let url = try write("""
            subjects:
              - Linear Algebra
              - title: Spanish A2
                kind: language
                notes: travelling
                documents: [syllabus.pdf, /abs/notes.md]
                instructions: short cards
                provider: mock-flaky
            """, "subjects.yaml")
        let items = try BatchFile.load(url)
        #expect(items.map(\.title) == ["Linear Algebra", "Spanish A2"])
        #expect(items[1].kind == .language)
        #expect(items[1].documents == [directory.appendingPathComponent("syllabus.pdf").path, "/abs/notes.md"])
        #expect(items[1].provider == "mock-flaky")
        #expect(items[0].kind == nil)
    }

    @Test func jsonLinesSkipBlankAndCommentLines() throws {
        let url = try write("""
            {"title": "Optics", "kind": "auto"}

            # a comment
            {"title": "Thermodynamics", "notes": "entropy first"}
            """, "subjects.jsonl")
        let items = try BatchFile.load(url)
        #expect(items.map(\.title) == ["Optics", "Thermodynamics"])
        #expect(items[1].notes == "entropy first")
        #expect(items[1].location.hasSuffix(":4"))
    }

    @Test func csvWithQuotedFieldsAndDocumentLists() throws {
        let url = try write("""
            title,notes,kind,documents
            "Organic Chemistry","reactions, mechanisms",general,a.pdf;b.docx
            Japanese for beginners,,language,
            """, "subjects.csv")
        let items = try BatchFile.load(url)
        #expect(items.count == 2)
        #expect(items[0].notes == "reactions, mechanisms")
        #expect(items[0].documents.map { URL(fileURLWithPath: $0).lastPathComponent } == ["a.pdf", "b.docx"])
        #expect(items[1].kind == .language)
        #expect(items[1].notes == nil)
    }

    @Test func badFilesSayWhereAndWhat() throws {
        let cases: [(String, String, String)] = [
            ("{\"title\": \"A\"}\nnot json\n", "bad.jsonl", "bad.jsonl:2 is not a JSON object"),
            ("- title: A\n  colour: red\n", "field.yaml", "unknown field colour"),
            ("- notes: no title\n", "untitled.yaml", "subject 1 has no `title`"),
            ("- {title: A, kind: poetry}\n", "kind.yaml", "kind must be auto, general or language"),
            ("- A\n- a\n", "twice.yaml", "'a' appears twice"),
            ("title,colour\nA,red\n", "cols.csv", "unknown column colour"),
            ("A\n", "subjects.txt", "unknown batch format '.txt'"),
            ("[]\n", "empty.yaml", "lists no subjects"),
        ]
        for (text, name, message) in cases {
            let url = try write(text, name)
            let error = #expect(throws: BatchFileError.self) { try BatchFile.load(url) }
            #expect(error?.description.contains(message) == true, "\(name): \(error?.description ?? "no error")")
        }
    }

    /// A "billion laughs" batch file: nine levels of nine aliases each (387 million titles)
    /// fail at once, naming the file and the line of the alias that went past the limit.
    @Test func yamlAliasBombFailsAtOnce() throws {
        var lines = ["l0: &l0 [Physics, Physics, Physics, Physics, Physics, Physics, Physics, Physics, Physics]"]
        for level in 1..<9 {
            lines.append("l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 9).joined(separator: ", ") + "]")
        }
        lines.append("subjects: *l8")
        let url = try write(lines.joined(separator: "\n"), "bomb.yaml")
        let start = ContinuousClock.now
        let error = try #require(throws: BatchFileError.self) { try BatchFile.load(url) }
        #expect(ContinuousClock.now - start < .seconds(1))
        #expect(error.description.hasPrefix("\(url.path):6: too many YAML aliases: with *l4 the document expands past 100000 nodes"))
    }
}
