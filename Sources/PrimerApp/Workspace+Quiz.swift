import Foundation
import PrimerCore

/// One graded answer of a quiz.
public struct GradedAnswer: Sendable, Encodable {
    public var key: String
    public var question: String
    public var choices: [String]
    public var chosen: String
    public var correct: String
    public var right: Bool
    public var explanation: String
}

/// A quiz as graded and stored: score, counts and pass or fail.
public struct GradedQuiz: Sendable, Encodable {
    public var subject: String
    public var subtopic: String?
    public var questions: Int
    public var correct: Int
    public var incorrect: Int
    public var scorePercent: Double
    public var passPercent: Int
    public var passed: Bool
    public var answers: [GradedAnswer]
}

extension Workspace {
    /// The quiz questions (items of the choice shape) of a subject or subtopic, in kit order.
    public func quizQuestions(subject: String, subtopic: String? = nil, limit: Int? = nil) async throws -> [StudyCard] {
        let questions = try await studyCards(subject: subject, subtopic: subtopic).filter { $0.content.shape == .choice }
        if questions.isEmpty {
            throw WorkspaceError(.notFound, "'\(subject)'\(subtopic.map { " (\($0))" } ?? "") has no quiz questions yet", cliHint: "generate them with `primer generate \"\(subject)\"`")
        }
        return limit.map { Array(questions.prefix($0)) } ?? questions
    }

    /// Grades answer letters (A, B, …), one per question in order, and stores the quiz.
    public func gradeQuiz(
        subject: String, subtopic: String? = nil, limit: Int? = nil, answers letters: [String], passPercent: Int? = nil
    ) async throws -> GradedQuiz {
        let questions = try await quizQuestions(subject: subject, subtopic: subtopic, limit: limit)
        guard letters.count == questions.count else {
            throw WorkspaceError(
                "the quiz has \(questions.count) questions but \(letters.count) answer\(letters.count == 1 ? " was" : "s were") given; give one letter per question, in the order the questions are listed")
        }
        var chosen: [Int] = []
        for (number, (letter, question)) in zip(letters, questions).enumerated() {
            let choices = Self.question(question).choices
            let index = ChoiceLetter.index(of: letter)
            guard let index, choices.indices.contains(index) else {
                let last = ChoiceLetter.of(max(0, choices.count - 1))
                throw WorkspaceError("answer \(number + 1) is '\(letter)', but question \(number + 1) has choices A–\(last)")
            }
            chosen.append(index)
        }
        return try await recordQuiz(subject: subject, subtopic: subtopic, questions: questions, chosen: chosen, passPercent: passPercent)
    }

    /// Stores a finished quiz: its answers, its score, and a review of each question (right:
    /// good, wrong: again), in one transaction.
    public func recordQuiz(
        subject: String, subtopic: String?, questions: [StudyCard], chosen: [Int], passPercent: Int? = nil
    ) async throws -> GradedQuiz {
        let pass = passPercent ?? studyPolicy.quizPassPercent
        let now = Date()
        let responses = zip(questions, chosen).map { card, index in
            let question = Self.question(card)
            return QuizResponse(itemID: card.id, question: question.question, chosen: index, correctIndex: question.correctIndex)
        }
        let subjectTitle = questions.first?.subject ?? subject
        let attempt = QuizAttempt(subject: subjectTitle, subtopic: subtopic, takenAt: now, answers: responses, passPercent: pass)
        let scheduler = try await scheduler(forSubject: subjectTitle)
        try await store().recordQuiz(attempt, rating: { $0.isRight ? .good : .again }) { memory, rating in
            scheduler.review(memory, rating: rating, at: now)
        }
        let answers = zip(questions, responses).map { card, response in
            let question = Self.question(card)
            return GradedAnswer(
                key: card.key, question: response.question, choices: question.choices, chosen: ChoiceLetter.of(response.chosen),
                correct: ChoiceLetter.of(response.correctIndex), right: response.isRight, explanation: question.explanation)
        }
        return GradedQuiz(
            subject: subjectTitle, subtopic: subtopic, questions: attempt.answers.count, correct: attempt.correct,
            incorrect: attempt.incorrect, scorePercent: attempt.scorePercent, passPercent: pass, passed: attempt.passed,
            answers: answers)
    }

    /// The question of a quiz card (`quizQuestions` returns choice items only).
    static func question(_ card: StudyCard) -> ChoiceItem {
        card.content.choice ?? ChoiceItem(question: card.faces.front, choices: [], correctIndex: -1, explanation: "")
    }
}
