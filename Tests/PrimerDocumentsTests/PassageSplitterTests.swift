import Foundation
import PrimerCore
import Testing
@testable import PrimerDocuments

@Suite("Passage splitting")
struct PassageSplitterTests {
    private func doc(_ text: String, format: DocumentFormat = .markdown, pages: [String]? = nil) -> ExtractedDocument {
        ExtractedDocument(name: "notes.md", format: format, text: text, pages: pages)
    }

    @Test func sectionsKeepTheirHeadingPath() {
        let passages = PassageSplitter.split(doc(BiologyNotes.markdown))
        #expect(passages.map(\.heading) == [
            "Biology 101 — Lecture notes › Photosynthesis",
            "Biology 101 — Lecture notes › Cellular respiration",
            "Biology 101 — Lecture notes › Mitosis",
        ])
        #expect(passages.map(\.ordinal) == [0, 1, 2])
        #expect(passages.allSatisfy { $0.pages == nil && $0.documentName == "notes.md" })
        // The two paragraphs of a section are packed together, headings are not in the text.
        #expect(passages[0].text.hasPrefix("Photosynthesis takes place"))
        #expect(passages[0].text.contains("\n\nThe Calvin cycle"))
        #expect(!passages[0].text.contains("#"))
    }

    @Test func nestedHeadingsPopBackUp() {
        let text = """
            # Week 3
            ## Thermodynamics
            Heat flows from hot to cold.
            ### Entropy
            Disorder grows.
            ## Waves
            Waves carry energy.
            # Week 4
            Review.
            """
        let passages = PassageSplitter.split(doc(text))
        #expect(passages.map(\.headingPath) == [
            ["Week 3", "Thermodynamics"], ["Week 3", "Thermodynamics", "Entropy"], ["Week 3", "Waves"], ["Week 4"],
        ])
        #expect(passages[0].heading == "Week 3 › Thermodynamics")
    }

    @Test func plainTextWeekLinesAndSetextHeadingsAreHeadings() {
        let text = """
            Physics
            =======

            Week 1: Motion
            Velocity and acceleration.
            Week 2 — Forces
            Newton's laws.
            """
        let passages = PassageSplitter.split(doc(text, format: .text))
        #expect(passages.map(\.headingPath) == [["Physics", "Week 1: Motion"], ["Physics", "Week 2 — Forces"]])
        #expect(passages.map(\.text) == ["Velocity and acceleration.", "Newton's laws."])
    }

    @Test func tinyParagraphsMergeWithinASectionButNotAcrossSections() {
        let text = "## A\n\nOne.\n\nTwo.\n\nThree.\n\n## B\n\nFour."
        let passages = PassageSplitter.split(doc(text))
        #expect(passages.map(\.text) == ["One.\n\nTwo.\n\nThree.", "Four."])
    }

    @Test func longSectionsSplitAtParagraphBoundaries() {
        let paragraphs = (1...8).map { n in
            "Paragraph \(n) " + String(repeating: "word\(n) ", count: 40).trimmingCharacters(in: .whitespaces) + "."
        }
        let text = "# Long\n\n" + paragraphs.joined(separator: "\n\n")
        let passages = PassageSplitter.split(doc(text), maxCharacters: 800)
        #expect(passages.count > 1)
        #expect(passages.allSatisfy { $0.text.count <= 800 })
        #expect(passages.allSatisfy { $0.headingPath == ["Long"] })
        // No paragraph is cut: every passage is whole paragraphs, in order.
        let rejoined = passages.map(\.text).joined(separator: "\n\n")
        #expect(rejoined == paragraphs.joined(separator: "\n\n"))
        #expect(passages.map(\.ordinal) == Array(0..<passages.count))
    }

    @Test func aSingleHugeParagraphSplitsAtSentencesThenWords() {
        let sentence = "Osmosis moves water across a membrane toward the higher solute concentration."
        let text = Array(repeating: sentence, count: 30).joined(separator: " ")
        let passages = PassageSplitter.split(doc(text, format: .text), maxCharacters: 300)
        #expect(passages.count > 5)
        #expect(passages.allSatisfy { $0.text.count <= 300 && $0.text.hasPrefix("Osmosis") && $0.text.hasSuffix(".") })

        let word = String(repeating: "x", count: 500)
        let hard = PassageSplitter.split(doc(word, format: .text), maxCharacters: 200)
        #expect(hard.map(\.text.count) == [200, 200, 100])
    }

    @Test func pagesAreKnownForPagedDocuments() {
        let pages = ["Intro text on page one.", "# Enzymes\n\nEnzymes lower activation energy.", "They are proteins.\n\n# Lipids\n\nFats store energy."]
        let document = doc(pages.joined(separator: "\n\n"), format: .pdf, pages: pages)
        let passages = PassageSplitter.split(document)
        #expect(passages.map(\.headingPath) == [[], ["Enzymes"], ["Lipids"]])
        #expect(passages.map(\.pages) == [1...1, 2...3, 3...3])
        #expect(passages[1].sourceLabel == "notes.md, pp. 2–3 — Enzymes")
    }

    @Test func aDocumentOfOnlyHeadingsStillGivesPassages() {
        let passages = PassageSplitter.split(doc("# Cells\n## Tissues\n## Organs"))
        #expect(passages.map(\.text) == ["Cells\nTissues\nOrgans"])
    }

    /// Each passage knows the characters it spans in its document: its provenance.
    @Test func passagesKnowWhereTheyLieInTheDocument() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/openstax/psychology-2e-ch05.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let passages = PassageSplitter.split(ExtractedDocument(name: "ch05.md", format: .markdown, text: text))
        #expect(passages.count > 20)
        var previous = -1
        for passage in passages {
            let range = try #require(passage.characters, "passage \(passage.ordinal) was not found")
            let start = text.index(text.startIndex, offsetBy: range.lowerBound)
            let end = text.index(text.startIndex, offsetBy: range.upperBound)
            let span = String(text[start..<end])
            let lines = passage.text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            #expect(span.hasPrefix(lines.first!.trimmingCharacters(in: .whitespaces)) && span.hasSuffix(lines.last!.trimmingCharacters(in: .whitespaces)))
            #expect(range.lowerBound > previous, "in document order")
            previous = range.lowerBound
        }
        let citation = GroundingPassage(document: "ch05.md", heading: "Vision", text: "x", characters: 1200..<2350).citation
        #expect(citation.url == "document:ch05.md#chars=1200-2350")
        #expect(GroundingPassage(document: "a.pdf", page: 3, text: "x", characters: 5..<9).citation.url == "document:a.pdf#page=3&chars=5-9")
    }
}
