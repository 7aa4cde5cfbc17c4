import Foundation
import PrimerCore
import PrimerExport
import Testing

/// Exports of hostile model text: no spreadsheet formula, no raw HTML or script link in the
/// study guide, and a lesson's open code fence does not swallow the rest of the guide.
@Suite struct ExportInjectionTests {
    static let hostile = Kit(
        subject: KitSubject(title: "Hostile", kind: .general),
        topics: [KitTopic(title: "Topic", subtopics: [
            KitSubtopic(
                title: "First",
                notes: "# First\n\n<img src=x onerror=alert(1)> See [docs](javascript:alert(1)).\n\n```js\nlet a = 1\n",
                flashcards: [
                    PairItem(front: "=HYPERLINK(\"http://evil\",\"click\")", back: "+1+1"),
                    PairItem(front: "-2+3", back: "@SUM(A1:A2)"),
                    PairItem(front: "\tTab first", back: "\rCR first"),
                    PairItem(front: "[x](javascript:alert(1))", back: "plain"),
                ],
                terms: [PairItem(front: "<b onmouseover=alert(1)>Term</b>", back: "A [link](vbscript:msgbox).")],
                sources: [Citation(url: "javascript:alert(document.cookie)", title: "Evil")]),
            KitSubtopic(title: "Second", notes: "The second lesson is prose.", flashcards: [PairItem(front: "After", back: "the fence")]),
        ])])

    @Test func csvCellsThatASpreadsheetWouldRunGetAQuote() throws {
        let rows = CSVReader.parse(CSVKitExport.render([Self.hostile]))
        let cards = rows.filter { $0[3] == "flashcards" }
        #expect(cards[0][5] == "'=HYPERLINK(\"http://evil\",\"click\")" && cards[0][6] == "'+1+1")
        #expect(cards[1][5] == "'-2+3" && cards[1][6] == "'@SUM(A1:A2)")
        #expect(cards[2][5] == "'\tTab first" && cards[2][6] == "'\rCR first")
        #expect(cards[3][5] == "[x](javascript:alert(1))", "text that is not a formula is unchanged")
        #expect(CSVKitExport.field("=1+1") == "'=1+1")
        #expect(CSVKitExport.field("=a,b") == "\"'=a,b\"")
    }

    @Test func theStudyGuideCarriesNoHTMLNoScriptLinkAndClosesTheFence() throws {
        let guide = MarkdownStudyGuide.render([Self.hostile])
        #expect(!guide.contains("<img") && guide.contains("&lt;img src=x onerror=alert(1)>"))
        #expect(!guide.contains("<b onmouseover"))
        for scheme in ["javascript:", "vbscript:"] { #expect(!guide.contains("](\(scheme)"), "\(scheme)") }
        #expect(guide.contains("[docs](#javascript:alert(1))"))
        #expect(guide.contains("[Evil](#javascript:alert%28document.cookie%29)"))
        // The first lesson's fence is closed before its flashcards; the second subtopic is Markdown.
        let lines = guide.split(separator: "\n", omittingEmptySubsequences: false)
        let open = try #require(lines.firstIndex(of: "```js"))
        let close = try #require(lines[(open + 1)...].firstIndex(of: "```"))
        let cards = try #require(lines.firstIndex(of: "#### Flashcards"))
        #expect(close < cards)
        #expect(lines.filter { $0.hasPrefix("```") }.count == 2)
        #expect(guide.contains("\n### 1.2 Second\n"))
    }
}
