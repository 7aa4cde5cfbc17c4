import Testing
import Yams
@testable import PrimerCore
@testable import PrimerGeneration

struct GateRegistryTests {
    let context = GateContext(subject: "Linear algebra")

    /// The error `make` throws for `name: <options yaml>`.
    func error(_ name: String, _ options: String?) -> GateConfigError? {
        do {
            _ = try GateRegistry.make(name: name, options: options.flatMap { try? Yams.compose(yaml: $0) })
            return nil
        } catch let error as GateConfigError {
            return error
        } catch {
            Issue.record("unexpected error \(error)")
            return nil
        }
    }

    @Test func knowsEveryGateAndBuildsEachFromItsBareName() throws {
        #expect(GateRegistry.names == [
            "dedupe", "placeholders", "echo", "length", "pattern", "count", "quiz-shape", "shape-rules", "scope", "relevance", "near-duplicate",
            "support", "meta-labels", "plan-titles", "plan-bounds", "dedupe-plan", "lesson-length", "citations",
        ])
        // `pattern` has no sensible default (which field, which expression): bare, it says what it needs.
        for name in GateRegistry.names where name != "pattern" {
            #expect(try GateRegistry.make(name: name, options: nil).name == name)
        }
        #expect(error("pattern", nil)?.description.hasPrefix("gate 'pattern', option 'field': missing; name the field to check") == true)
    }

    @Test func readsOptions() throws {
        let length = try #require(try GateRegistry.make(name: "length", options: Yams.compose(yaml: "{min: 2, max: 400, front: {max: 150}}")) as? LengthGate)
        #expect(length.bounds == GateBounds(min: 2, max: 400))
        #expect(length.fieldBounds == ["front": GateBounds(min: 2, max: 150)])
        let shape = try #require(try GateRegistry.make(name: "quiz-shape", options: Yams.compose(yaml: "{allow_all_of_the_above: true}")) as? QuizShapeGate)
        #expect(shape.allowAllOfTheAbove)
        let plan = try #require(try GateRegistry.make(name: "plan-bounds", options: Yams.compose(yaml: "{topics: {min: 2, max: 12}, subtopics: {max: 10}}")) as? PlanBoundsGate)
        #expect(plan.topics == GateBounds(min: 2, max: 12))
        #expect(plan.subtopics == GateBounds(max: 10))
        // `notes-length` is the gate's earlier name, still accepted.
        let notes = try #require(try GateRegistry.make(name: "notes-length", options: Yams.compose(yaml: "{min_words: 80, max_words: 2500}")) as? LessonLengthGate)
        #expect(notes.name == "lesson-length")
        #expect(notes.words == GateBounds(min: 80, max: 2500))
    }

    @Test func unknownGateListsTheKnownOnesAndSuggestsTheClosest() {
        let typo = error("dedup", nil)
        #expect(typo?.description == "unknown gate 'dedup' (known: dedupe, placeholders, echo, length, pattern, count, quiz-shape, shape-rules, scope, relevance, near-duplicate, support, meta-labels, plan-titles, plan-bounds, dedupe-plan, lesson-length, citations; did you mean 'dedupe'?)")
        #expect(error("spellcheck", nil)?.description.hasSuffix("citations)") == true)
    }

    @Test func unknownOptionsAreErrorsNotIgnored() {
        // A typo must not silently turn a bound off.
        #expect(error("length", "{min: 2, maximum: 400}")?.description
            == "gate 'length', option 'maximum': unknown option (allowed: min, max, front, back, question, choice, explanation, term, definition, fields)")
        #expect(error("dedupe", "{strict: true}")?.description == "gate 'dedupe', option 'strict': unknown option; 'dedupe' takes no options")
        #expect(error("plan-bounds", "{topics: {min: 2, maxx: 3}}")?.description
            == "gate 'plan-bounds', option 'topics.maxx': unknown option (allowed: min, max)")
        #expect(error("lesson-length", "{min: 80}")?.description
            == "gate 'lesson-length', option 'min': unknown option (allowed: min_words, max_words)")
    }

    @Test func wrongTypesAndImpossibleBoundsAreErrors() {
        #expect(error("count", "{min: three}")?.description == "gate 'count', option 'min': must be a whole number ≥ 0, got 'three'")
        #expect(error("count", "{min: -1}")?.option == "min")
        #expect(error("length", "{max: 2.5}")?.option == "max")
        #expect(error("count", "{min: [1, 2]}")?.description == "gate 'count', option 'min': must be a whole number ≥ 0, got a list")
        #expect(error("quiz-shape", "{allow_all_of_the_above: sometimes}")?.description
            == "gate 'quiz-shape', option 'allow_all_of_the_above': must be true or false, got 'sometimes'")
        #expect(error("count", "3")?.description == "gate 'count': options must be a mapping such as {min: 2, max: 10}, got '3'")
        #expect(error("plan-bounds", "{topics: 5}")?.description
            == "gate 'plan-bounds', option 'topics': must be a mapping such as {min: 2, max: 10}, got '5'")
        #expect(error("count", "{min: 5, max: 3}")?.description == "gate 'count', option 'min': min (5) is greater than max (3)")
        #expect(error("length", "{max: 100, back: {min: 200}}")?.description
            == "gate 'length', option 'back': min (200) is greater than max (100)")
    }

    @Test func buildsAChainFromAFamilyGatesList() throws {
        let yaml = """
            gates:
              - dedupe
              - placeholders
              - echo
              - length: {min: 2, max: 400}
              - pattern: {field: front, must_match: "\\\\?$", action: drop}
              - count: {min: 3, max: 40}
              - quiz-shape: {allow_all_of_the_above: false}
              - shape-rules
              - scope
              - relevance: {min_similarity: 0.2}
              - near-duplicate: {max_similarity: 0.9}
              - support: {min_share: 0.5}
              - meta-labels
              - plan-titles
              - plan-bounds: {topics: {min: 2, max: 12}, subtopics: {min: 2, max: 10}}
              - dedupe-plan
              - lesson-length: {min_words: 80, max_words: 2500}
              - citations
              - count:
            """
        let chain = try GateRegistry.chain(yaml: yaml)
        #expect(chain.names == GateRegistry.names + ["count"])
    }

    @Test func malformedGateListsAreErrors() {
        func listError(_ yaml: String) -> String? {
            do { _ = try GateRegistry.chain(yaml: yaml); return nil } catch { return "\(error)" }
        }
        #expect(listError("gates: dedupe") == "gates: must be a list of gate names, got 'dedupe'")
        #expect(listError("gates:\n  - {count: {min: 1}, length: {min: 1}}")
            == "gates: entry 1 must be a gate name or one 'name: {options}' mapping, got a mapping")
        #expect(listError("gates:\n  - dedupe\n  - dedup")?.hasPrefix("unknown gate 'dedup'") == true)
    }

    @Test func chainRunsGatesInOrderAndConcatenatesDropsAndRejections() throws {
        let cards = [
            PairItem(front: "What is a vector?", back: "A quantity with magnitude and direction."),
            PairItem(front: "Question", back: "Answer"),
            PairItem(front: "What is a vector?", back: "An element of a vector space."),
            PairItem(front: "What is a scalar?", back: "A single number."),
        ]
        // count after the item gates sees the 2 cards left and rejects.
        let chain = try GateRegistry.chain(yaml: "gates: [placeholders, dedupe, {count: {min: 3}}]")
        let verdict = chain.apply(.pairs(cards), context: context)
        #expect(verdict.output == .pairs([cards[0], cards[3]]))
        #expect(verdict.dropped == [
            "dropped placeholder ‘Question | Answer’",
            "dropped duplicate flashcard ‘What is a vector?’",
        ])
        #expect(verdict.rejections == ["only 2 flashcards left after gates; write at least 3"])

        // count first sees all four cards: the order in the YAML matters.
        let early = try GateRegistry.chain(yaml: "gates: [{count: {min: 3}}, placeholders, dedupe]")
        let earlyVerdict = early.apply(.pairs(cards), context: context)
        #expect(earlyVerdict.rejections.isEmpty)
        #expect(earlyVerdict.output == verdict.output)
    }

    @Test func chainKeepsRunningAfterARejectionSoEveryReasonIsReported() {
        let chain = GateChain([
            CountGate(bounds: GateBounds(max: 1)),
            DedupeGate(),
            CountGate(bounds: GateBounds(min: 5)),
        ])
        let cards = [PairItem(front: "a?", back: "b"), PairItem(front: "a?", back: "c")]
        let verdict = chain.apply(.pairs(cards), context: context)
        #expect(verdict.dropped == ["dropped duplicate flashcard ‘a?’"])
        #expect(verdict.rejections == [
            "2 flashcards is too many; write at most 1",
            "only 1 flashcard left after gates; write at least 5",
        ])
        #expect(GateChain([]).apply(.lesson("x"), context: context) == GateVerdict(output: .lesson("x")))
    }
}
