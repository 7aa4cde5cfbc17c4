import Testing

@testable import PrimerCore
@testable import PrimerGeneration

/// What `AnswerFormat` writes (a rewrite's leeches, the mock's canonical answers) the parsers read
/// back as the same item.
@Suite struct AnswerFormatTests {
    @Test func everyShapeReadsBackAsTheSameItem() throws {
        let card = PairItem(front: "What splits water?", back: "Photosystem II", hint: "the second of two")
        #expect(try FlashcardParser.parse(AnswerFormat.text(.pair(card))) == [card])
        let term = PairItem(front: "rubisco", back: "the enzyme that fixes carbon dioxide")
        #expect(try TermParser.parse(AnswerFormat.text(.pair(term), pairLines: .termDefinition)) == [term])
        let question = ChoiceItem(
            question: "Where do the light reactions happen?", choices: ["Stroma", "Thylakoid membrane", "Cytoplasm", "Nucleus"],
            correctIndex: 1, explanation: "Photosystems sit in the thylakoid membrane.")
        #expect(try QuizParser.parse(AnswerFormat.text(.choice(question))) == [question])
        let note = ClozeItem(text: "The Calvin cycle fixes {{c1::carbon dioxide}}.", extra: "It runs in the stroma.")
        #expect(try ClozeParser.parse(AnswerFormat.text(.cloze(note))) == [note])
    }
}
