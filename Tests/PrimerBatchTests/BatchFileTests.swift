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

    /// An unclosed quote would make the rest of the file one title (SwiftCSV reads to the end):
    /// it is an error naming the line where the quote opened.
    @Test func csvUnclosedQuoteNamesItsLine() throws {
        let url = try write("title,notes\nPhysics,ok\n\"Chemistry,unclosed\nBiology,x\nGeology,y\n", "unclosed.csv")
        let error = try #require(throws: BatchFileError.self) { try BatchFile.load(url) }
        #expect(error.description.hasPrefix("\(url.path):3: a quoted field is not closed"))
        #expect(error.description.contains("add the closing \""))

        // A quote closed later, even lines later, is fine; "" inside quotes is a quote.
        let fine = try write("title,notes\nPhysics,\"one \"\"quoted\"\" word\nsecond line\"\nBiology,x\n", "fine.csv")
        let items = try BatchFile.load(fine)
        #expect(items.map(\.title) == ["Physics", "Biology"])
        #expect(items[0].notes == "one \"quoted\" word\nsecond line")
        // Locations count the lines of the records before: Biology is on line 4.
        #expect(items[1].location == "\(fine.path):4")
    }

    @Test func csvTitleWithALineBreakIsRefused() throws {
        let url = try write("title,notes\nPhysics,ok\n\"Organic\nChemistry\",x\n", "break.csv")
        let error = try #require(throws: BatchFileError.self) { try BatchFile.load(url) }
        #expect(error.description == "\(url.path):3: the title has a line break in it; write each title on one line")
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
        // Expanded, the bomb would not end for minutes; the bound is loose for CI's load.
        #expect(ContinuousClock.now - start < .seconds(5))
        #expect(error.description.hasPrefix("\(url.path):6: too many YAML aliases: with *l4 the document expands past 100000 nodes"))
    }
}
