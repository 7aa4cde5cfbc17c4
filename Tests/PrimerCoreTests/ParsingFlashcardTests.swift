import Testing

@testable import PrimerCore
@testable import PrimerGeneration

@Suite struct ParsingFlashcardTests {
    private func cards(_ text: String) throws -> [PairItem] {
        try FlashcardParser.parse(text)
    }

    @Test func pipeLinesWithChatterAndBullets() throws {
        let text = """
            Sure! Here are 3 flashcards on cell biology:

            - What is the powerhouse of the cell? | The mitochondria
            * What does DNA stand for? | Deoxyribonucleic acid
            1. **Which organelle makes proteins?** | Ribosomes

            Let me know if you'd like more!
            """
        #expect(try cards(text) == [
            PairItem(front: "What is the powerhouse of the cell?", back: "The mitochondria"),
            PairItem(front: "What does DNA stand for?", back: "Deoxyribonucleic acid"),
            PairItem(front: "Which organelle makes proteins?", back: "Ribosomes"),
        ])
    }

    @Test func aLastHintColumnIsTheHintUnlessItGivesTheAnswerAway() throws {
        let text = """
            What splits water in photosynthesis? | Photosystem II | hint: the second of two
            Which gas is released? | Oxygen | Hint:  it is breathed
            What carries energy? | ATP | hint: ATP
            Which vitamin is retinol? | A | hint: found in carrots
            What are the two stages? | Light reactions | Calvin cycle
            """
        #expect(try cards(text) == [
            PairItem(front: "What splits water in photosynthesis?", back: "Photosystem II", hint: "the second of two"),
            PairItem(front: "Which gas is released?", back: "Oxygen", hint: "it is breathed"),
            PairItem(front: "What carries energy?", back: "ATP"),
            // An answer that normalises to nothing ("A" is an article) is in no hint.
            PairItem(front: "Which vitamin is retinol?", back: "A", hint: "found in carrots"),
            // A third column that is not a hint stays in the answer.
            PairItem(front: "What are the two stages?", back: "Light reactions | Calvin cycle"),
        ])
    }

    @Test func markdownTableSkipsHeaderAndSeparator() throws {
        let text = """
            | Front | Back |
            |-------|:----:|
            | el perro | the dog |
            | **la casa** | the house |
            """
        #expect(try cards(text) == [
            PairItem(front: "el perro", back: "the dog"),
            PairItem(front: "la casa", back: "the house"),
        ])
    }

    @Test func tableWithNumberColumnAndUnknownHeader() throws {
        let text = """
            | # | Spanish | English |
            |---|---|---|
            | 1 | gato | cat |
            | 2 | libro | book |
            """
        #expect(try cards(text) == [
            PairItem(front: "gato", back: "cat"),
            PairItem(front: "libro", back: "book"),
        ])
    }

    @Test func questionAnswerBlocksWithMultilineAnswer() throws {
        let text = """
            <think>The user wants cards. Q: fake | not a card</think>
            Q: What is osmosis?
            A: The diffusion of water
            across a semipermeable membrane.

            **Question:** What is ATP?
            **Answer:** The cell's energy currency.

            Front: Photosynthesis
            Back: Conversion of light energy into chemical energy
            """
        #expect(try cards(text) == [
            PairItem(front: "What is osmosis?", back: "The diffusion of water\nacross a semipermeable membrane."),
            PairItem(front: "What is ATP?", back: "The cell's energy currency."),
            PairItem(front: "Photosynthesis", back: "Conversion of light energy into chemical energy"),
        ])
    }

    @Test func numberedQuestionLabelsAndInlineAnswer() throws {
        let text = """
            Q1. What is 2 + 2?
            A1. 4
            Q2: Capital of France? A: Paris
            3. Q: Largest planet?
               A: Jupiter
            """
        #expect(try cards(text) == [
            PairItem(front: "What is 2 + 2?", back: "4"),
            PairItem(front: "Capital of France?", back: "Paris"),
            PairItem(front: "Largest planet?", back: "Jupiter"),
        ])
    }

    @Test func answerStopsAtNextQuestionAndChatter() throws {
        let text = """
            Q: What is a noun?
            A: A word naming a thing.
            Q: What is a verb?
            A: A word naming an action.
            I hope these help you study!
            """
        #expect(try cards(text) == [
            PairItem(front: "What is a noun?", back: "A word naming a thing."),
            PairItem(front: "What is a verb?", back: "A word naming an action."),
        ])
    }

    @Test func dashSeparatedBulletsButNotHyphens() throws {
        let text = """
            Here are your flashcards:
            - **Mitosis** — Cell division producing two identical cells
            - Meiosis – Division producing four gametes
            - Well-known fact without an answer
            """
        #expect(try cards(text) == [
            PairItem(front: "Mitosis", back: "Cell division producing two identical cells"),
            PairItem(front: "Meiosis", back: "Division producing four gametes"),
        ])
    }

    @Test func jsonArrayInFence() throws {
        let text = """
            Here you go:
            ```json
            [
              {"front": "hola", "back": "hello"},
              {"front": "adiós", "back": "goodbye"},
            ]
            ```
            """
        #expect(try cards(text) == [
            PairItem(front: "hola", back: "hello"),
            PairItem(front: "adiós", back: "goodbye"),
        ])
    }

    @Test func jsonObjectWithQuestionAnswerKeysInChatter() throws {
        let text = """
            Sure! {"flashcards": [{"question": "What is H2O?", "answer": "Water"}, {"Question": "What is NaCl?", "Answer": "Salt"}]} Enjoy!
            """
        #expect(try cards(text) == [
            PairItem(front: "What is H2O?", back: "Water"),
            PairItem(front: "What is NaCl?", back: "Salt"),
        ])
        let cardsKey = #"{"cards": [{"front": "a", "back": "b"}]}"#
        #expect(try cards(cardsKey) == [PairItem(front: "a", back: "b")])
    }

    @Test func incompleteCardsAreNotInvented() throws {
        let text = """
            What is a cell? |
            | only one cell |
            Q: Dangling question with no answer
            real front | real back
            """
        #expect(try cards(text) == [PairItem(front: "real front", back: "real back")])
    }

    @Test func failures() {
        #expect(throws: ParseFailure.self) { try cards("") }
        #expect(throws: ParseFailure.self) { try cards("Sure! Here are some flashcards.\nLet me know if you need more.") }
        #expect(throws: ParseFailure.self) { try cards("<think>cards: a | b</think>") }
        do {
            _ = try cards("I'm sorry, I can't help with that.")
            Issue.record("expected a failure")
        } catch let failure as ParseFailure {
            #expect(failure.reason.contains("declined"))
            #expect(failure.reason.contains("question | answer"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
        do {
            _ = try cards("Some prose about cells without any structure.")
            Issue.record("expected a failure")
        } catch let failure as ParseFailure {
            #expect(failure.reason.hasPrefix("no flashcards found"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }
}
