import Testing

@testable import PrimerCore
@testable import PrimerGeneration

@Suite struct ParsingQuizTests {
    private func quiz(_ text: String) throws -> [ChoiceItem] {
        try QuizParser.parse(text)
    }

    @Test func standardBlocksWithChatter() throws {
        let text = """
            Sure! Here are 2 questions:

            1. What is the powerhouse of the cell?
            A) Nucleus
            B) Mitochondria
            C) Ribosome
            D) Golgi apparatus
            Answer: B
            Explanation: Mitochondria produce most of the cell's ATP.

            2. Which molecule carries genetic information?
            A) DNA
            B) ATP
            C) Glucose
            D) Lipid
            Answer: A
            Explanation: DNA stores the genetic code.

            Let me know if you want more questions!
            """
        #expect(try quiz(text) == [
            ChoiceItem(
                question: "What is the powerhouse of the cell?",
                choices: ["Nucleus", "Mitochondria", "Ribosome", "Golgi apparatus"], correctIndex: 1,
                explanation: "Mitochondria produce most of the cell's ATP."),
            ChoiceItem(
                question: "Which molecule carries genetic information?",
                choices: ["DNA", "ATP", "Glucose", "Lipid"], correctIndex: 0,
                explanation: "DNA stores the genetic code."),
        ])
    }

    @Test func variantPrefixesBoldAndAnswerForms() throws {
        let text = """
            <think>Let me write questions. 1. Draft? A) x</think>
            **Q1: What is 2 + 2?**
            a) 3
            b) 4
            c) 5
            d) 22
            **Answer:** b

            Question 2: Which gas do plants absorb?
            (A) Oxygen
            (B) Nitrogen
            (C) Carbon dioxide
            (D) Helium
            Correct answer: C) Carbon dioxide
            Plants take in CO2 for photosynthesis.
            They release oxygen.

            ### Question 3
            What is the capital of Italy?
            - A. Milan
            - B. Rome
            - C. Naples
            - D. Turin
            Answer: Rome
            """
        #expect(try quiz(text) == [
            ChoiceItem(question: "What is 2 + 2?", choices: ["3", "4", "5", "22"], correctIndex: 1, explanation: ""),
            ChoiceItem(
                question: "Which gas do plants absorb?",
                choices: ["Oxygen", "Nitrogen", "Carbon dioxide", "Helium"], correctIndex: 2,
                explanation: "Plants take in CO2 for photosynthesis. They release oxygen."),
            ChoiceItem(
                question: "What is the capital of Italy?", choices: ["Milan", "Rome", "Naples", "Turin"],
                correctIndex: 1, explanation: ""),
        ])
    }

    @Test func inlineMarkers() throws {
        let text = """
            1. Which is a prime number?
            A) 4
            B) 6
            *C) 7
            D) 9

            2. Which is a mammal?
            A) Shark
            B) Whale *
            C) Trout
            D) Eel

            3. Which is a noble gas?
            A) Neon (correct)
            B) Oxygen
            C) Iron
            D) Sodium

            4. Which planet is red?
            A) Venus
            B) Mars ✓
            C) Jupiter
            D) Saturn
            """
        let questions = try quiz(text)
        #expect(questions.map(\.correctIndex) == [2, 1, 0, 1])
        #expect(questions.map(\.choices) == [
            ["4", "6", "7", "9"], ["Shark", "Whale", "Trout", "Eel"], ["Neon", "Oxygen", "Iron", "Sodium"],
            ["Venus", "Mars", "Jupiter", "Saturn"],
        ])
    }

    @Test func bulletStarsAreNotMarkersButBoldChoiceIs() throws {
        let text = """
            1. Which is a vowel?
            * A) b
            * B) e
            * C) k
            * D) t

            2. Which is even?
            A) 1
            **B) 2**
            C) 3
            D) 5
            """
        let questions = try quiz(text)
        #expect(questions.map(\.correctIndex) == [-1, 1])
        #expect(questions[0].choices == ["b", "e", "k", "t"])
        #expect(questions[1].choices == ["1", "2", "3", "5"])
    }

    @Test func missingAnswerKeepsMinusOneAndOtherChoiceCounts() throws {
        let text = """
            1. True or false: the sun is a star?
            A) True
            B) False

            2. Pick one
            A) x
            B) y
            C) z
            D) w
            E) v
            Answer: E — the last option is right.
            """
        #expect(try quiz(text) == [
            ChoiceItem(question: "True or false: the sun is a star?", choices: ["True", "False"], correctIndex: -1, explanation: ""),
            ChoiceItem(
                question: "Pick one", choices: ["x", "y", "z", "w", "v"], correctIndex: 4,
                explanation: "the last option is right."),
        ])
    }

    @Test func answerKeyAtTheEnd() throws {
        let text = """
            1. What is 1 + 1?
            A) 1
            B) 2
            C) 3
            D) 4

            2. What is 2 * 3?
            A) 5
            B) 6
            C) 7
            D) 8

            **Answer Key**
            1. B
            2. B) 6
            """
        #expect(try quiz(text).map(\.correctIndex) == [1, 1])
    }

    @Test func numberedExplanationPointsStayInExplanation() throws {
        let text = """
            1. Why do leaves look green?
            A) They absorb green light
            B) They reflect green light
            C) They emit green light
            D) They store green light
            Answer: B
            Explanation:
            1. Chlorophyll absorbs red and blue light.
            2. Green light is reflected.
            """
        let question = try #require(try quiz(text).first)
        #expect(question.correctIndex == 1)
        #expect(question.explanation == "1. Chlorophyll absorbs red and blue light. 2. Green light is reflected.")
        #expect(try quiz(text).count == 1)
    }

    @Test func unnumberedQuestionsSeparatedByBlankLines() throws {
        let text = """
            ## Quiz: Chemistry

            What is the symbol for gold?
            A. Ag
            B. Au
            C. Gd
            D. Go
            The correct answer is B.

            What is the pH of pure water?
            A. 0
            B. 5
            C. 7
            D. 14
            Answer: C
            """
        #expect(try quiz(text) == [
            ChoiceItem(question: "What is the symbol for gold?", choices: ["Ag", "Au", "Gd", "Go"], correctIndex: 1, explanation: ""),
            ChoiceItem(question: "What is the pH of pure water?", choices: ["0", "5", "7", "14"], correctIndex: 2, explanation: ""),
        ])
    }

    @Test func jsonWithArrayChoicesAndIndex() throws {
        let text = """
            ```json
            {"questions": [
              {"question": "2 + 3?", "choices": ["4", "5", "6", "7"], "correct_index": 1, "explanation": "Simple addition."},
              {"question": "Color of the sky?", "options": ["A) Green", "B) Blue", "C) Red", "D) Black"], "answer": "B"}
            ]}
            ```
            """
        #expect(try quiz(text) == [
            ChoiceItem(question: "2 + 3?", choices: ["4", "5", "6", "7"], correctIndex: 1, explanation: "Simple addition."),
            ChoiceItem(question: "Color of the sky?", choices: ["Green", "Blue", "Red", "Black"], correctIndex: 1, explanation: ""),
        ])
    }

    @Test func jsonWithDictChoicesAndTextAnswer() throws {
        let text = """
            Here is the quiz: [{"question": "Largest ocean?", "options": {"B": "Pacific", "A": "Atlantic", "C": "Indian", "D": "Arctic"}, "correct": "Pacific", "rationale": "It is the largest."},
             {"question": "No answer here?", "choices": ["a", "b", "c", "d"]}]
            """
        #expect(try quiz(text) == [
            ChoiceItem(
                question: "Largest ocean?", choices: ["Atlantic", "Pacific", "Indian", "Arctic"], correctIndex: 1,
                explanation: "It is the largest."),
            ChoiceItem(question: "No answer here?", choices: ["a", "b", "c", "d"], correctIndex: -1, explanation: ""),
        ])
    }

    @Test func decoratedAnswerLines() throws {
        let text = """
            **1. Which is a primary color?**
            A) Green
            B) Red
            C) Purple
            D) Orange
            **Correct Answer: B) Red**
            **Explanation:** Red is a primary color of paint.

            2. Which is a fruit?
            A) Carrot
            B) Potato
            C) Apple
            D) Onion
            ✅ Answer: (C)
            """
        #expect(try quiz(text) == [
            ChoiceItem(
                question: "Which is a primary color?", choices: ["Green", "Red", "Purple", "Orange"], correctIndex: 1,
                explanation: "Red is a primary color of paint."),
            ChoiceItem(question: "Which is a fruit?", choices: ["Carrot", "Potato", "Apple", "Onion"], correctIndex: 2, explanation: ""),
        ])
    }

    @Test func failures() {
        #expect(throws: ParseFailure.self) { try quiz("") }
        #expect(throws: ParseFailure.self) { try quiz("Sure! Here is a quiz about cells.") }
        #expect(throws: ParseFailure.self) { try quiz("1. What is a cell?\n2. What is DNA?") }
        #expect(throws: ParseFailure("the answer declined instead of giving quiz questions: \(QuizParser.format)")) {
            try quiz("I'm sorry, I can't help with that.")
        }
    }
}
