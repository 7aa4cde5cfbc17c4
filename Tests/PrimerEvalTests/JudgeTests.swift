import Foundation
import PrimerCore
import Testing
@testable import PrimerEval

@Suite struct JudgeParsingTests {
    @Test func plainJSON() throws {
        let score = try JudgeScorer.parse(#"{"accuracy": 4, "scope": 5, "clarity": 3, "rationale": "Good."}"#)
        #expect(score == JudgeScore(accuracy: 4, scope: 5, clarity: 3, rationale: "Good."))
        #expect(score.mean == 4)  // (4 + 5 + 3) / 3
        #expect(score.metrics == ["judge_accuracy": 4, "judge_scope": 5, "judge_clarity": 3, "judge_mean": 4])
    }

    @Test func fencedJSONWithProseAndStringScores() throws {
        let answer = """
            Here is my grade {for what it is worth}:
            ```json
            {"Accuracy": "4/5", "scope": 2, "clarity": 5, "rationale": "Drifts into {operant} conditioning."}
            ```
            """
        let score = try JudgeScorer.parse(answer)
        #expect(score == JudgeScore(accuracy: 4, scope: 2, clarity: 5, rationale: "Drifts into {operant} conditioning."))
    }

    @Test func labelledLines() throws {
        let score = try JudgeScorer.parse("**Accuracy**: 4/5\nScope - 3\nclarity = 5\nOverall a solid set.")
        #expect(score == JudgeScore(accuracy: 4, scope: 3, clarity: 5))
        #expect(abs(score.mean - 4) < 1e-12)
    }

    @Test func rejectsMissingOrOutOfRangeScores() {
        #expect(throws: JudgeParseError.self) { try JudgeScorer.parse(#"{"accuracy": 7, "scope": 3, "clarity": 3}"#) }
        #expect(throws: JudgeParseError.self) { try JudgeScorer.parse("Accuracy: 4\nScope: 3") }
        #expect(throws: JudgeParseError.self) { try JudgeScorer.parse("Accuracy: 0\nScope: 3\nClarity: 3") }
        #expect(throws: JudgeParseError.self) { try JudgeScorer.parse("The accuracy is great, 5 stars; scope 4; clarity 4") }
    }
}

@Suite struct JudgeRequestTests {
    let evalCase = EvalCase(
        id: "psych/6.2", kind: .subtopic, subject: EvalSubject(title: "Psychology 2e", notes: "Intro course"),
        families: [.quiz],
        subtopic: GoldenSubtopic(
            topic: "Learning", subtopic: "Classical Conditioning", siblings: ["Operant Conditioning", "Observational Learning"],
            objectives: ["Explain how classical conditioning occurs"]))
    let quiz = GeneratedOutput.choices([
        ChoiceItem(question: "Who rang the bell?", choices: ["Skinner", "Pavlov", "Bandura", "Watson"], correctIndex: 1, explanation: "Pavlov's dogs.")
    ])

    @Test func requestCarriesRubricContextAndMarkedOutput() {
        let request = JudgeScorer.request(for: evalCase, output: quiz, kind: .quiz)
        #expect(request.messages.count == 2)
        #expect(request.messages[0].role == .system)
        #expect(request.messages[0].content == JudgeScorer.rubric)
        let user = request.messages[1].content
        #expect(user.contains("Subject: Psychology 2e\nSubject notes: Intro course\nTopic: Learning\nSubtopic: Classical Conditioning\n"))
        #expect(user.contains("Other subtopics of the topic (out of scope): Operant Conditioning; Observational Learning"))
        #expect(user.contains("- Explain how classical conditioning occurs"))
        #expect(user.contains("1. Who rang the bell?\n   A) Skinner\n   B) Pavlov  [correct]\n   C) Bandura\n   D) Watson\n   Explanation: Pavlov's dogs."))
        #expect(request.purpose.family == "judge")
        #expect(request.purpose.shape == .choice)
        #expect(request.purpose.subtopic == "Classical Conditioning")
        #expect(request.purpose.siblings == ["Operant Conditioning", "Observational Learning"])
        #expect(request.temperature == 0)
        #expect(request.jsonSchema == JudgeScorer.answerSchema)
        #expect((try? JSONSerialization.jsonObject(with: Data(JudgeScorer.answerSchema.utf8))) != nil)
    }

    @Test func longOutputIsCut() {
        let notes = GeneratedOutput.lesson(String(repeating: "x", count: 50))
        let user = JudgeScorer.request(for: evalCase, output: notes, kind: .lesson, maxOutputCharacters: 10).messages[1].content
        #expect(user.contains("<<<\nxxxxxxxxxx\n[… cut for length]\n>>>"))
    }

    @Test func planRendering() {
        let plan = GeneratedOutput.plan(Plan(topics: [PlanTopic(title: "Learning", subtopics: ["Classical", "Operant"]), PlanTopic(title: "Memory", subtopics: [])]))
        #expect(JudgeScorer.render(plan) == "1. Learning\n   - Classical\n   - Operant\n2. Memory")
        #expect(JudgeScorer.render(.pairs([PairItem(front: "F", back: "B")])) == "1. Q: F\n   A: B")
    }
}
