import PrimerCore
import Testing
import PrimerGeneration

/// What makes a text a cloze note (`ClozeText.problem`), and how an empty hint reads.
@Suite struct ClozeTextTests {
    @Test(arguments: [
        "The {{c1::mitochondrion}} makes {{c2::ATP}}.",
        "{{c1::Paris::city}} is the capital of {{c1::France}}.",
        "Water boils at {{c3::100 °C}}.",
    ])
    func acceptsNotes(_ text: String) {
        #expect(ClozeText.problem(text) == nil)
    }

    @Test(arguments: [
        ("No deletion here.", "no deletion"),
        ("{{c1::outer {{c2::inner}} }} nested", "holds another"),
        ("{{c1::}} empty", "no answer"),
        ("{{c1:: }} blank", "no answer"),
        ("{{c0::zero}} numbered", "from c1"),
        ("{{c1::a}} and {{c2::unclosed", "outside a deletion"),
        ("{{c1::a}} and stray }}", "outside a deletion"),
    ])
    func refusesWithTheReason(_ text: String, _ reason: String) {
        let problem = ClozeText.problem(text)
        #expect(problem?.contains(reason) == true, "\(problem ?? "accepted")")
    }

    @Test func anEmptyHintIsNoHint() throws {
        let deletion = try #require(ClozeText.deletions("{{c1::a::}} b").first)
        #expect(deletion.answer == "a" && deletion.hint == nil)
        let front = CardFaces(.cloze(ClozeItem(text: "{{c1::a::}} b", extra: ""))).front
        #expect(front == "[…] b")
    }

    @Test func theParserDropsNestedNotes() throws {
        let notes = try ClozeParser.parse("- {{c1::outer {{c2::inner}} }} nested\n- The {{c1::cell}} is small.")
        #expect(notes.map(\.text) == ["The {{c1::cell}} is small."])
    }
}
