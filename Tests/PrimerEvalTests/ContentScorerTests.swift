import PrimerCore
import Testing
@testable import PrimerEval

@Suite struct TermScorerTests {
    let golden = [
        PairItem(front: "osmosis", back: "diffusion of water through a semipermeable membrane"),
        PairItem(front: "adenosine triphosphate (ATP)", back: "energy currency of the cell"),
        PairItem(front: "passive transport", back: "movement of substances without energy"),
        PairItem(front: "tonicity", back: "how a solution changes cell volume"),
    ]
    let generated = [
        PairItem(front: "Osmosis", back: "The diffusion of water across a membrane"),
        PairItem(front: "ATP", back: "Molecule that stores energy in the cell"),
        PairItem(front: "Passive transports", back: "transport that needs no energy from the cell"),
        PairItem(front: "Active transport", back: "movement using ATP"),
    ]

    @Test func recallAndDefinitionF1() {
        let result = TermScorer().score(generated: generated, golden: golden)
        // osmosis = osmosis; "ATP" = the parenthesised form of "adenosine triphosphate (ATP)";
        // "passive transports" stems to "passive transport"; tonicity missing → recall 3/4.
        #expect(result.recall == 0.75)
        #expect(result.missed == ["tonicity"])
        // F1 on keyword sets:
        // osmosis: G {diffus, water, across, membrane}, R {diffus, water, semipermeable, membrane}: 3 common,
        //   P = R = 3/4 → 0.75.
        // ATP: G {molecule, store, energy, cell}, R {energy, currency, cell}: 2 common, P = 1/2, R = 2/3 → 4/7.
        // passive transport: G {transport, need, energy, cell}, R {movement, substance, energy}: 1 common,
        //   P = 1/4, R = 1/3 → 2/7.
        // Mean: (3/4 + 4/7 + 2/7) / 3 = (45/28) / 3 = 15/28.
        #expect(approx(result.matches.map(\.definitionF1), [0.75, 4.0 / 7, 2.0 / 7]))
        #expect(approx(result.definitionF1, 15.0 / 28))
        #expect(result.metrics.keys.sorted() == ["definition_f1", "term_recall"])
    }

    @Test func eachGeneratedTermMatchesOnce() {
        let result = TermScorer().score(
            generated: [PairItem(front: "ATP", back: "")],
            golden: [PairItem(front: "ATP", back: "x"), PairItem(front: "adenosine triphosphate (ATP)", back: "y")])
        #expect(result.recall == 0.5)
        #expect(result.matches.first?.definitionF1 == 0)  // empty definition: no common keywords
    }

    @Test func noGoldenTermsMeansNoRecall() {
        #expect(TermScorer().score(generated: generated, golden: []).metrics.isEmpty)
    }

    @Test func notesTermCoverage() {
        let notes = "Osmosis is the diffusion of water. Cells make ATP constantly."
        // osmosis ✓, ATP ✓ (parenthesised form), passive transport ✗, tonicity ✗ → 2/4.
        #expect(TermScorer().coverage(lesson: notes, golden: golden) == 0.5)
        #expect(TermScorer().coverage(lesson: notes, golden: []) == nil)
    }
}

@Suite struct QuizScorerTests {
    @Test func wellFormedness() {
        let good = ChoiceItem(question: "What is osmosis?", choices: ["Diffusion of water", "Active transport", "Endocytosis", "Exocytosis"], correctIndex: 0, explanation: "Osmosis moves water.")
        var threeChoices = good
        threeChoices.choices = ["a", "b", "c"]
        var repeated = good
        repeated.choices = ["Water", "water.", "Salt", "Sugar"]
        var noAnswer = good
        noAnswer.correctIndex = -1
        var noExplanation = good
        noExplanation.explanation = "  "
        var emptyChoice = good
        emptyChoice.choices[2] = "—"
        let result = QuizScorer().score([good, threeChoices, repeated, noAnswer, noExplanation, emptyChoice, good])
        // 2 of 7 well formed.
        #expect(result.wellFormed == 2)
        #expect(result.problems.map { $0.index } == [1, 2, 3, 4, 5])
        #expect(result.problems.map { $0.problem } == ["3 choices instead of 4", "repeated choice", "no valid answer", "no explanation", "empty choice"])
        #expect(result.metrics == ["items": 7, "well_formed": 2.0 / 7])
        #expect(QuizScorer().score([]).metrics == ["items": 0])
    }
}

@Suite struct FlashcardScorerTests {
    @Test func duplicateAndEchoRates() {
        let cards = [
            PairItem(front: "What is osmosis?", back: "Diffusion of water across a membrane"),
            PairItem(front: "Define osmosis.", back: "Water moving across a membrane"),  // dup: keywords {osmosis}
            PairItem(front: "What is osmosis", back: "Diffusion of water"),  // dup: same normalised text
            PairItem(front: "Tonicity", back: "Tonicity"),  // echo: equal
            PairItem(front: "What is a hypertonic solution?", back: "A hypertonic solution"),  // echo: {hypertonic, solut} ⊆ front
            PairItem(front: "When was the cell theory proposed?", back: "1839"),  // no keywords in back: not an echo
            PairItem(front: "What does a cell membrane do?", back: "It controls what enters and leaves the cell"),
        ]
        let result = FlashcardScorer().score(cards)
        #expect(result.duplicates == [1, 2])
        #expect(result.echoes == [3, 4])
        // 2/7 each.
        #expect(result.metrics == ["items": 7, "duplicate_rate": 2.0 / 7, "echo_rate": 2.0 / 7])
    }

    @Test func languageCardsNeedTheWholePairToRepeatAndHaveNoEcho() {
        let cards = [
            PairItem(front: "banco", back: "bank"),
            PairItem(front: "banco", back: "bench"),
            PairItem(front: "banco", back: "bank"),
            PairItem(front: "hotel", back: "hotel"),
        ]
        let result = FlashcardScorer().score(cards, subjectKind: .language)
        // Only card 2 repeats a whole pair: 1/4; echo not scored.
        #expect(result.metrics == ["items": 4, "duplicate_rate": 0.25])
    }
}

@Suite struct ScopeLeakageTests {
    let scorer = ScopeLeakageScorer(
        subject: "Psychology 2e", topic: "Learning", subtopic: "Classical Conditioning",
        siblings: ["What Is Learning?", "Operant Conditioning", "Observational Learning (Modeling)", "Classical conditioning"])

    @Test func distinctiveKeywords() {
        // Subtopic {classical, condition} minus topic {learn} and subject {psychology, 2e}.
        #expect(scorer.distinctive == ["classical", "condition"])
        // "What Is Learning?" has only {learn} (topic) → ignored; the subtopic's own title → ignored.
        #expect(scorer.siblingKeywords.map { $0.title } == ["Operant Conditioning", "Observational Learning (Modeling)"])
        #expect(scorer.siblingKeywords.map { $0.keywords } == [["operant"], ["observational", "model"]])
    }

    @Test func cardLeakage() {
        let cards = [
            PairItem(front: "What did Pavlov's dogs show about classical conditioning?", back: "Learned association"),  // in scope
            PairItem(front: "What is reinforcement in operant learning?", back: "A consequence that makes a behaviour more likely"),  // leaks: operant 1/1
            PairItem(front: "Who studied modeling with the Bobo doll?", back: "Albert Bandura"),  // observational sibling: 1 of 2 needed → stays
            PairItem(front: "What is observational learning?", back: "Learning by watching a model"),  // leaks: 2/2
            PairItem(front: "What is a neutral stimulus?", back: "A stimulus that produces no response before conditioning"),  // mentions condition
        ]
        #expect(scorer.leakedSibling(cards[1].front + "\n" + cards[1].back) == "Operant Conditioning")
        #expect(scorer.leakedSibling(cards[3].front + "\n" + cards[3].back) == "Observational Learning (Modeling)")
        #expect(scorer.leakage(cards: cards) == 0.4)  // 2/5
    }

    @Test func quizLeakageLooksAtTheCorrectChoiceOnly() {
        let questions = [
            // Correct choice "Reinforcement"; the question names operant → leaks, although a distractor says "classical".
            ChoiceItem(question: "What strengthens behaviour in operant learning?", choices: ["Reinforcement", "Classical pairing", "Extinction", "Habituation"], correctIndex: 0, explanation: ""),
            ChoiceItem(question: "What did Pavlov pair with food?", choices: ["A light", "A bell, in classical conditioning", "A shock", "Water"], correctIndex: 1, explanation: ""),
        ]
        #expect(scorer.leakage(questions: questions) == 0.5)  // 1/2
    }

    @Test func termLeakageAndUnjudgeableSubtopics() {
        #expect(scorer.leakage(cards: [PairItem(front: "operant", back: "acting on the environment"), PairItem(front: "unconditioned stimulus", back: "x")]) == 0.5)
        // Subtopic "Learning" under topic "Learning": no distinctive keyword → not scored.
        let flat = ScopeLeakageScorer(subject: "Psychology", topic: "Learning", subtopic: "Learning", siblings: ["Operant Conditioning"])
        #expect(!flat.canJudge)
        #expect(flat.leakage(cards: [PairItem(front: "operant", back: "x")]) == nil)
        #expect(scorer.leakage(cards: []) == nil)
    }
}
