import Foundation
import PrimerCore
import PrimerExport
import Testing

@Suite struct CSVExportTests {
    @Test func headerAndOneRowPerItem() throws {
        let text = CSVKitExport.render([Fixtures.biology, Fixtures.spanish])
        let rows = CSVReader.parse(text)
        let counts = Fixtures.counts([Fixtures.biology, Fixtures.spanish])
        #expect(rows.first == CSVKitExport.columns)
        #expect(rows.count == 1 + counts.flashcards + counts.terms + counts.questions)
        #expect(rows.allSatisfy { $0.count == 12 })
        #expect(text.hasSuffix("\r\n"))
        // Every record ends in CRLF; a bare LF only appears inside quoted fields.
        #expect(text.components(separatedBy: "\r\n").count - 1 == rows.count)
    }

    @Test func quotingRoundTrips() throws {
        let rows = CSVReader.parse(CSVKitExport.render([Fixtures.biology]))
        let card = try #require(rows.first { $0[5] == "What is a membrane made of?" })
        #expect(card[0...4] == ["Cell Biology", "Cells", "Membranes", "flashcards", "pair"])
        #expect(card[6] == "Lipids, proteins, and \"some\" sugars")
        #expect(card[11] == "https://example.org/membranes")
        let multiline = try #require(rows.first { $0[5].hasPrefix("Tab") })
        #expect(multiline[5] == "Tab\there, <b>not bold</b> & more")
        #expect(multiline[6] == "Line one\nLine two")

        let question = try #require(rows.first { $0[3] == "quiz" })
        #expect(question[5] == "Which molecule forms the bilayer?")
        #expect(question[6] == "Phospholipid")
        #expect(question[8] == "A) Phospholipid\nB) Glucose\nC) DNA\nD) ATP")
        #expect(question[9] == "A")
        #expect(question[10] == "Phospholipids have a hydrophilic head, and two tails.")

        let term = try #require(rows.first { $0[3] == "terms" && $0[5] == "Locus" })
        #expect(term[1] == "Genetics: basics::advanced")
        #expect(term[6] == "Where a gene sits, on a chromosome.")
    }

    @Test func fieldQuotesOnlyWhenNeeded() {
        #expect(CSVKitExport.field("plain text") == "plain text")
        #expect(CSVKitExport.field("a,b") == "\"a,b\"")
        #expect(CSVKitExport.field("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(CSVKitExport.field("two\nlines") == "\"two\nlines\"")
        #expect(CSVKitExport.field("cr\rhere") == "\"cr\rhere\"")
        #expect(CSVKitExport.field("") == "")
    }
}

@Suite struct AnkiTextExportTests {
    @Test func headersComeFirst() {
        let lines = AnkiTextExport.render([Fixtures.biology]).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(Array(lines.prefix(6)) == [
            "#separator:tab", "#html:true", "#guid column:1", "#notetype column:2", "#deck column:3", "#tags column:6",
        ])
    }

    @Test func oneLinePerItemWithFiveColumns() throws {
        let kits = [Fixtures.biology, Fixtures.spanish]
        let counts = Fixtures.counts(kits)
        let text = AnkiTextExport.render(kits)
        #expect(text.hasSuffix("\n"))
        let rows = text.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(rows.count == counts.flashcards + counts.terms + counts.questions)
        for row in rows {
            let columns = row.split(separator: "\t", omittingEmptySubsequences: false)
            #expect(columns.count == 6)
            #expect(!columns[0].isEmpty && !columns[0].hasPrefix("#"))
            #expect(!row.contains("\r"))
        }
        let guids = rows.map { $0.split(separator: "\t")[0] }
        #expect(Set(guids).count == guids.count)
    }

    @Test func fieldsAreEscapedHTML() throws {
        let rows = AnkiTextExport.render([Fixtures.biology]).split(separator: "\n").map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
        let tricky = try #require(rows.first { $0.count == 6 && $0[3].hasPrefix("Tab") })
        #expect(tricky[2] == "Cell Biology::Cells::Membranes")
        #expect(tricky[3] == "Tab&#9;here, &lt;b&gt;not bold&lt;/b&gt; &amp; more")
        #expect(tricky[4] == "Line one<br>Line two")
        #expect(tricky[5] == "primer flashcards")
        let quoted = try #require(rows.first { $0.count == 6 && $0[3] == "What is a membrane made of?" })
        #expect(quoted[4] == "Lipids, proteins, and &quot;some&quot; sugars")

        let question = try #require(rows.first { $0.count == 6 && $0[5] == "primer quiz" })
        #expect(question[3] == "Which molecule forms the bilayer?<br><br>A) Phospholipid<br>B) Glucose<br>C) DNA<br>D) ATP")
        #expect(question[4] == "<b>A) Phospholipid</b><br><br>Phospholipids have a hydrophilic head, and two tails.")

        let term = try #require(rows.first { $0.count == 6 && $0[3] == "Locus" })
        // `::` inside a title would nest decks; it becomes a single colon.
        #expect(term[2] == "Cell Biology::Genetics: basics:advanced::Genes")
        #expect(term[5] == "primer terms")
    }

    @Test func escapeHandlesEveryLineBreak() {
        #expect(AnkiHTML.escape("a\r\nb\rc\nd") == "a<br>b<br>c<br>d")
        #expect(AnkiHTML.escape("x\u{1f}y") == "xy")
        #expect(AnkiHTML.strip("a &lt;b&gt; <b>bold</b>&amp;<br>c&#9;d") == "a <b> bold&c\td")
    }
}

@Suite struct JSONExportTests {
    @Test func roundTripsTheKits() throws {
        let date = Date(timeIntervalSince1970: 1_760_000_000)
        let kits = [Fixtures.biology, Fixtures.spanish]
        let data = try KitExporter(exportedAt: date).data(kits, format: .json)
        let document = try JSONKitExport.decode(data)
        #expect(document.kits == kits)
        #expect(document.format == "primer-kit")
        #expect(document.version == 1)
        #expect(document.exportedAt == date)

        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["format"] as? String == "primer-kit")
        #expect(object["version"] as? Int == 1)
        #expect((object["exported_at"] as? String)?.hasPrefix("2025-10-09T") == true)
        #expect((object["kits"] as? [Any])?.count == 2)
    }

    @Test func keepsProvenanceAndSources() throws {
        let text = String(decoding: try KitExporter().data([Fixtures.biology], format: .json), as: UTF8.self)
        #expect(text.contains("\"generations\""))
        #expect(text.contains("\"gates rejected\""))
        #expect(text.contains("\"https://example.org/membranes\""))
        #expect(text.contains("\"promptTokens\" : 120"))
    }

    @Test func writesOneFileAndRefusesNoKits() throws {
        let dir = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("kits.json")
        try KitExporter().export([Fixtures.biology], format: .json, to: url)
        #expect(try JSONKitExport.decode(Data(contentsOf: url)).kits == [Fixtures.biology])
        #expect(throws: ExportError.nothingToExport) {
            try KitExporter().export([], format: .json, to: url)
        }
    }
}

@Suite struct MarkdownExportTests {
    @Test func guideHasPlanNotesTermsQuizAndAnswersAtTheEnd() throws {
        let guide = MarkdownStudyGuide.render([Fixtures.biology])
        let plan = try #require(guide.range(of: "## Study plan"))
        let notes = try #require(guide.range(of: "The membrane is a *lipid bilayer*."))
        let terms = try #require(guide.range(of: "- **Osmosis**: Diffusion of water across a membrane."))
        let quiz = try #require(guide.range(of: "**Q1.** Which molecule forms the bilayer?"))
        let key = try #require(guide.range(of: "# Answer key"))
        #expect(plan.lowerBound < notes.lowerBound)
        // Families in the order they run: the lesson, then the quiz, then the terms.
        #expect(notes.lowerBound < quiz.lowerBound)
        #expect(quiz.lowerBound < terms.lowerBound)
        #expect(terms.lowerBound < key.lowerBound)
        #expect(guide.contains("- A) Phospholipid\n- B) Glucose"))

        // Everything after the answer key is answers; nothing before it gives them away.
        let before = String(guide[..<key.lowerBound])
        let after = String(guide[key.upperBound...])
        #expect(!before.contains("hydrophilic head"))
        #expect(!before.contains("In the nucleus."))
        #expect(after.contains("**Q1.** A) Phospholipid — Phospholipids have a hydrophilic head, and two tails."))
        #expect(after.contains("**Q2.** B) Nucleus — In the nucleus."))
        #expect(!after.contains("## Study plan"))
        // The lesson's own heading is not repeated and its subheadings sit below the subtopic.
        #expect(!guide.contains("# Membranes\n"))
        #expect(guide.contains("##### Transport"))
        #expect(guide.contains("> Missing: quiz (gates rejected)"))
        #expect(guide.contains("| Tab\there, &lt;b&gt;not bold&lt;/b&gt; &amp; more | Line one<br>Line two |"))
    }

    @Test func severalSubjectsShareOneGuideAndOneAnswerKey() {
        let guide = MarkdownStudyGuide.render([Fixtures.biology, Fixtures.spanish])
        #expect(guide.hasPrefix("# Cell Biology\n"))
        #expect(guide.contains("\n# Spanish\n"))
        #expect(guide.components(separatedBy: "# Answer key").count == 2)
        let key = guide.range(of: "# Answer key")!
        let after = guide[key.upperBound...]
        #expect(after.contains("## Cell Biology"))
        #expect(after.contains("## Spanish\n\n- **Q1.** A) Fine — It asks how you are.\n"))
        #expect(guide.range(of: "\n# Spanish\n")!.lowerBound < key.lowerBound)
    }
}
