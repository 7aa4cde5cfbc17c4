import Testing

@testable import PrimerCore
@testable import PrimerGeneration

@Suite struct ParsingNotesTests {
    @Test func removesChatterAndWrappingFence() throws {
        let text = """
            <think>Plan the notes first.</think>
            Sure! Here are the notes on photosynthesis:

            ```markdown
            # Photosynthesis

            Plants convert **light** into chemical energy.

            - Happens in chloroplasts
            - Needs CO2 and water

            | Input | Output |
            |-------|--------|
            | CO2 | O2 |

            ```python
            print("glucose")
            ```
            ```

            I hope this helps! Let me know if you have questions.
            Happy studying!
            """
        let expected = """
            # Photosynthesis

            Plants convert **light** into chemical energy.

            - Happens in chloroplasts
            - Needs CO2 and water

            | Input | Output |
            |-------|--------|
            | CO2 | O2 |

            ```python
            print("glucose")
            ```
            """
        #expect(try LessonParser.parse(text) == expected)
    }

    @Test func keepsCodeBlocksAtBothEnds() throws {
        let text = """
            ```swift
            let a = 1
            ```
            Text between.
            ```swift
            let b = 2
            ```
            """
        #expect(try LessonParser.parse(text) == text)
    }

    @Test func headingsAreNeverChatterAndSignOffsGo() throws {
        let text = """
            Certainly, here's a summary.
            ## Here's how it works
            Water moves.

            ---
            Feel free to ask for more detail.
            """
        #expect(try LessonParser.parse(text) == "## Here's how it works\nWater moves.")
    }

    @Test func unclosedThinkingMeansNothingWasWritten() {
        #expect(throws: ParseFailure.self) { try LessonParser.parse("<think>Let me think about the notes, first") }
    }

    @Test func failures() {
        #expect(throws: ParseFailure("the answer was empty: \(LessonParser.format)")) { try LessonParser.parse("") }
        #expect(throws: ParseFailure.self) { try LessonParser.parse("Sure! Here are your notes:\n\nI hope this helps!") }
        #expect(throws: ParseFailure("the answer declined instead of giving lesson: \(LessonParser.format)")) {
            try LessonParser.parse("I'm sorry, I can't help with that.")
        }
        #expect(throws: ParseFailure.self) { try LessonParser.parse("```markdown\n```") }
    }
}

/// A small model copies the document fences of its prompt into its answer; they are not content.
@Suite struct CopiedFenceTests {
    @Test func fenceMarkersAreNotPartOfALesson() throws {
        let answer = "<<<material source=\"ch05.md › Sensation and Perception › Sensation\"\nSensation is input from the senses.\n>>>\n\nPerception is how the brain reads it."
        #expect(try LessonParser.parse(answer) == "Sensation is input from the senses.\n\nPerception is how the brain reads it.")
        // Text that only mentions the markers stays.
        #expect(try LessonParser.parse("Use >>> to mark a quote in some languages.") == "Use >>> to mark a quote in some languages.")
    }
}
