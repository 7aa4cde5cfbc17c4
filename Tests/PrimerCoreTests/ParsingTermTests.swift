import Testing

@testable import PrimerCore
@testable import PrimerGeneration

@Suite struct ParsingTermTests {
    private func terms(_ text: String) throws -> [PairItem] {
        try TermParser.parse(text)
    }

    @Test func mixedSeparatorsAndBullets() throws {
        let text = """
            Sure! Here are the key terms for this subtopic:

            - **Osmosis**: Diffusion of water across a membrane.
            * **Diffusion:** Movement from high to low concentration
            1. Active transport — Movement against a gradient: it uses ATP.
            2) Endocytosis – Uptake of material by engulfing it
            • Exocytosis - Release of material from the cell
            Turgor pressure | Pressure of the cell contents against the wall
            Semi-permeable membrane: lets some molecules pass

            I hope this helps!
            """
        #expect(try terms(text) == [
            PairItem(front: "Osmosis", back: "Diffusion of water across a membrane."),
            PairItem(front: "Diffusion", back: "Movement from high to low concentration"),
            PairItem(front: "Active transport", back: "Movement against a gradient: it uses ATP."),
            PairItem(front: "Endocytosis", back: "Uptake of material by engulfing it"),
            PairItem(front: "Exocytosis", back: "Release of material from the cell"),
            PairItem(front: "Turgor pressure", back: "Pressure of the cell contents against the wall"),
            PairItem(front: "Semi-permeable membrane", back: "lets some molecules pass"),
        ])
    }

    @Test func markdownTable() throws {
        let text = """
            <think>I should use a table.</think>
            ## Glossary

            | Term | Definition |
            |------|------------|
            | **Latency** | Time for a request to complete |
            | Throughput | Requests handled per second |
            """
        #expect(try terms(text) == [
            PairItem(front: "Latency", back: "Time for a request to complete"),
            PairItem(front: "Throughput", back: "Requests handled per second"),
        ])
    }

    @Test func boldWordInProseIsNotATerm() throws {
        let text = """
            **Note** that these are simplified.
            **Enzyme** — A protein that speeds up reactions
            """
        #expect(try terms(text) == [PairItem(front: "Enzyme", back: "A protein that speeds up reactions")])
    }

    @Test func jsonForms() throws {
        let wrapped = #"```json\n{"terms": [{"term": "Vector", "definition": "A quantity with direction"}, {"name": "Scalar", "meaning": "A quantity without direction"}]}\n```"#
            .replacingOccurrences(of: "\\n", with: "\n")
        #expect(try terms(wrapped) == [
            PairItem(front: "Vector", back: "A quantity with direction"),
            PairItem(front: "Scalar", back: "A quantity without direction"),
        ])
        let bare = #"[{"term": "Mass", "definition": "Amount of matter"}]"#
        #expect(try terms(bare) == [PairItem(front: "Mass", back: "Amount of matter")])
        let mapping = #"Here: {"Zeta": "last defined first", "Alpha": "second"}"#
        #expect(try terms(mapping) == [
            PairItem(front: "Zeta", back: "last defined first"),
            PairItem(front: "Alpha", back: "second"),
        ])
    }

    @Test func failures() {
        #expect(throws: ParseFailure.self) { try terms("   \n") }
        #expect(throws: ParseFailure.self) { try terms("Here are the key terms you need to know:\n\nLet me know if you need more.") }
        #expect(throws: ParseFailure("the answer declined instead of giving terms: \(TermParser.format)")) {
            try terms("I'm sorry, I can't help with that.")
        }
        #expect(throws: ParseFailure("no terms found: \(TermParser.format)")) {
            try terms("Cells are small. They divide often.")
        }
    }
}
