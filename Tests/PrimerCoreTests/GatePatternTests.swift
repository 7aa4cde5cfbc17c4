import Testing
import Yams
@testable import PrimerCore
@testable import PrimerGeneration

/// `pattern` (a field must / must not match a regex) and `length`'s per-field bounds under
/// `fields:`: the common content rules as YAML.
struct GatePatternTests {
    let context = GateContext(subject: "Photosynthesis")

    func gate(_ yaml: String) throws -> PatternGate {
        try PatternGate(options: try Yams.compose(yaml: yaml))
    }

    func configError(_ yaml: String) -> String? {
        do {
            _ = try gate(yaml)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func dropsTheCardsWhoseBackPointsElsewhere() throws {
        let gate = try gate(#"{field: back, must_not_match: "(?i)^see (above|below)", action: drop}"#)
        let cards = [
            PairItem(front: "Where does the Calvin cycle run?", back: "In the stroma."),
            PairItem(front: "What does chlorophyll absorb?", back: "  See above."),
            PairItem(front: "What is the light reaction's product?", back: "ATP and NADPH; see below for the rest."),
        ]
        let verdict = gate.apply(.pairs(cards), context: context)
        #expect(verdict.output == .pairs([cards[0], cards[2]]))
        #expect(verdict.dropped == [#"dropped flashcard ‘What does chlorophyll absorb?’: back must not match /(?i)^see (above|below)/"#])
        #expect(verdict.rejections.isEmpty)
    }

    @Test func rejectNamesTheFailingItemsWithTheMessageAndKeepsTheAnswer() throws {
        let gate = try gate(#"{field: front, must_match: "\\?$", action: reject, message: "write the front as a question"}"#)
        let cards = (1...8).map { PairItem(front: "Statement \($0)", back: "b") } + [PairItem(front: "Why?", back: "b")]
        let verdict = gate.apply(.pairs(cards), context: context)
        #expect(verdict.output == .pairs(cards))
        #expect(verdict.dropped.isEmpty)
        #expect(verdict.rejections == (1...5).map { "flashcard ‘Statement \($0)’: write the front as a question" }
            + ["3 more items fail the same rule"])
        #expect(gate.apply(.pairs([cards[8]]), context: context).rejections.isEmpty)
    }

    @Test func choicesAreCheckedOneByOne() throws {
        let gate = try gate(#"{field: choices, must_not_match: "(?i)^(all|none) of the above$", action: drop}"#)
        let good = ChoiceItem(question: "Where is chlorophyll?", choices: ["Thylakoid", "Stroma", "Nucleus", "Cell wall"],
                                correctIndex: 0, explanation: "Chlorophyll sits in the thylakoid membrane.")
        var lazy = good
        lazy.question = "Which pigments absorb light?"
        lazy.choices[3] = "All of the above"
        let verdict = gate.apply(.choices([good, lazy]), context: context)
        #expect(verdict.output == .choices([good]))
        #expect(verdict.dropped == [#"dropped question ‘Which pigments absorb light?’: choice ‘All of the above’ must not match /(?i)^(all|none) of the above$/"#])
    }

    @Test func planTitlesAndNotesBodies() throws {
        let plan = Plan(topics: [
            PlanTopic(title: "Light reactions", subtopics: ["Photosystem II", "Introduction"]),
            PlanTopic(title: "Introduction", subtopics: ["Overview"]),
        ])
        let topics = try gate(#"{field: topic, must_not_match: "(?i)^introduction$", action: drop}"#).apply(.plan(plan), context: context)
        #expect(topics.output == .plan(Plan(topics: [plan.topics[0]])))
        #expect(topics.dropped == [#"dropped topic ‘Introduction’: the title must not match /(?i)^introduction$/"#])

        let subtopics = try gate(#"{field: subtopic, must_not_match: "(?i)^introduction$", action: reject}"#).apply(.plan(plan), context: context)
        #expect(subtopics.output == .plan(plan))
        #expect(subtopics.rejections == [#"subtopic ‘Introduction’ of ‘Light reactions’: the title must not match /(?i)^introduction$/"#])

        let body = try gate(#"{field: body, must_match: "(?m)^## ", action: reject, message: "use ## headings"}"#)
        #expect(body.apply(.lesson("Plain text only."), context: context).rejections == ["the notes: use ## headings"])
        #expect(body.apply(.lesson("## Light\nText."), context: context).rejections.isEmpty)
        // A rule on another kind's field leaves this output alone.
        #expect(body.apply(.pairs([PairItem(front: "a?", back: "b")]), context: context).rejections.isEmpty)
    }

    @Test func badOptionsSayWhatToWrite() {
        #expect(configError("{field: back, action: drop}")
            == "gate 'pattern': give `must_match`, `must_not_match` or both, e.g. {field: back, must_not_match: \"(?i)^see above\", action: drop}")
        #expect(configError(#"{field: choice, must_match: "x", action: drop}"#)?.hasSuffix("did you mean 'choices'?") == true)
        #expect(configError(#"{field: back, must_match: "(unclosed", action: drop}"#)?
            .hasPrefix("gate 'pattern', option 'must_match': '(unclosed' is not a valid regular expression (ICU syntax)") == true)
        #expect(configError(#"{field: back, must_match: "x", action: delete}"#)
            == "gate 'pattern', option 'action': 'delete' is not an action; write drop (drop the items that fail) or reject (reject the whole answer and retry)")
        #expect(configError(#"{field: back, must_match: "x"}"#)?.hasPrefix("gate 'pattern', option 'action': missing") == true)
        #expect(configError(#"{field: body, must_match: "x", action: drop}"#)
            == "gate 'pattern', option 'action': notes have one body and dropping it would leave no lesson; use action: reject")
        #expect(configError(#"{field: back, must_match: "x", action: drop, flags: i}"#)
            == "gate 'pattern', option 'flags': unknown option (allowed: field, must_match, must_not_match, action, message)")
    }

    @Test func lengthTakesPerFieldBoundsUnderFields() throws {
        let gate = try LengthGate(options: try Yams.compose(yaml: "{min: 2, max: 200, fields: {front: {max: 20}, choices: {max: 12}}}"))
        let cards = [
            PairItem(front: "What is ATP?", back: "The cell's energy currency."),
            PairItem(front: "What does the Calvin cycle fix?", back: "Carbon dioxide."),
        ]
        let verdict = gate.apply(.pairs(cards), context: context)
        #expect(verdict.output == .pairs([cards[0]]))
        #expect(verdict.dropped == ["dropped flashcard ‘What does the Calvin cycle fix?’: front is 31 characters (max 20)"])
        #expect(gate.fieldBounds["choices"] == GateBounds(min: 2, max: 12))

        #expect(throws: GateConfigError.self) { try LengthGate(options: try Yams.compose(yaml: "{fields: {front: {max: 5}}, front: {max: 6}}")) }
        let notes = #expect(throws: GateConfigError.self) { try LengthGate(options: try Yams.compose(yaml: "{fields: {body: {max: 5}}}")) }
        #expect(notes?.problem.hasSuffix("for lessons use lesson-length, for plans plan-bounds or a pattern gate") == true)
    }

    @Test func familiesRefuseARuleOnAFieldTheirItemsDoNotHaveWithFileAndLine() throws {
        let yaml = FamilyLoaderTests.minimal + """

              - pattern: {field: question, must_match: "\\\\?$", action: drop}
              - length: {fields: {definition: {max: 50}}}
              - pattern:
                  field: back
                  must_match: "(oops"
                  action: drop
            """
        let error = try #require(throws: FamilyLoadErrors.self) { try FamilyLoader.load(yaml: yaml, file: "cards.yaml") }
        let lines = error.description.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0] == "cards.yaml:16: gate 'pattern', option 'field': pair items have no field 'question' (their fields: front, back, hint)")
        #expect(lines[1] == "cards.yaml:17: gate 'length', option 'fields.definition': unknown field 'definition' (fields: front, back, hint (pair); question, choices, explanation (choice); text, extra (cloze))")
        #expect(lines[2].hasPrefix("cards.yaml:20: gate 'pattern', option 'must_match': '(oops' is not a valid regular expression"))
    }
}
