import Foundation
import PrimerCore

/// One graded answer of a quiz.
public struct GradedAnswer: Sendable, Encodable {
    public var key: String
    public var question: String
    /// A choice question's choices; empty for an exercise.
    public var choices: [String]
    /// The chosen letter, or an exercise's answer as typed.
    public var chosen: String
    /// The right letter, or an exercise's parts right ("3 of 4").
    public var correct: String
    public var right: Bool
    /// As stored (`QuizResponse`): the chosen and the right choice's index; for an exercise,
    /// the parts answered right and the number of parts.
    public var chosenIndex: Int
    public var correctIndex: Int
    public var explanation: String
    /// An exercise's line per part (what was answered, what is right); empty for a choice question.
    public var feedback: [String]
}

/// A learner's answer to one quiz question: a choice's index, or an exercise's answer as typed
/// (e.g. "1b 2a 3c" for matching).
public enum QuizAnswer: Sendable, Equatable {
    case choice(Int)
    case exercise(String)
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
    /// The quiz questions of a subject or subtopic: its choice questions in kit order, then its
    /// exercises (matching, ordering — any shape that checks an answer) in kit order — the
    /// quick questions first, as a paper test puts them.
    public func quizQuestions(subject: String, subtopic: String? = nil, limit: Int? = nil) async throws -> [StudyCard] {
        let cards = try await studyCards(subject: subject, subtopic: subtopic)
        let questions = cards.filter { $0.content.shape == .choice } + cards.filter(\.content.isExercise)
        if questions.isEmpty {
            throw WorkspaceError(.notFound, "'\(subject)'\(subtopic.map { " (\($0))" } ?? "") has no quiz questions yet", cliHint: "generate them with `primer generate \"\(subject)\"`")
        }
        return limit.map { Array(questions.prefix($0)) } ?? questions
    }

    /// Grades answers, one per question in order: a letter (A, B, …) for a choice question, the
    /// answer as typed for an exercise; and stores the quiz.
    public func gradeQuiz(
        subject: String, subtopic: String? = nil, limit: Int? = nil, answers given: [String], passPercent: Int? = nil
    ) async throws -> GradedQuiz {
        let questions = try await quizQuestions(subject: subject, subtopic: subtopic, limit: limit)
        guard given.count == questions.count else {
            throw WorkspaceError(
                "the quiz has \(questions.count) questions but \(given.count) answer\(given.count == 1 ? " was" : "s were") given; give one answer per question, in the order the questions are listed")
        }
        var answers: [QuizAnswer] = []
        for (number, (text, question)) in zip(given, questions).enumerated() {
            if question.content.isExercise {
                answers.append(.exercise(text))
                continue
            }
            let choices = Self.question(question).choices
            guard let index = ChoiceLetter.index(of: text), choices.indices.contains(index) else {
                let last = ChoiceLetter.of(max(0, choices.count - 1))
                throw WorkspaceError("answer \(number + 1) is '\(text.excerpt(20))', but question \(number + 1) has choices A–\(last)")
            }
            answers.append(.choice(index))
        }
        return try await recordQuiz(subject: subject, subtopic: subtopic, questions: questions, answers: answers, passPercent: passPercent)
    }

    /// Stores a finished quiz: its answers, its score, and a review of each question (right:
    /// good, wrong: again), in one transaction. Each answer must fit its question (a choice
    /// for a choice question, a typed answer for an exercise).
    public func recordQuiz(
        subject: String, subtopic: String?, questions: [StudyCard], answers: [QuizAnswer], passPercent: Int? = nil
    ) async throws -> GradedQuiz {
        let pass = passPercent ?? studyPolicy.quizPassPercent
        let now = Date()
        var responses: [QuizResponse] = []
        var graded: [GradedAnswer] = []
        for (card, answer) in zip(questions, answers) {
            switch answer {
            case .exercise(let text):
                guard let check = card.content.check(answer: text) else {
                    throw WorkspaceError("item \(card.key) is a quiz question: answer it with a choice, not a typed answer")
                }
                let response = QuizResponse(itemID: card.id, question: card.faces.front, check: check)
                responses.append(response)
                graded.append(GradedAnswer(
                    key: card.key, question: response.question, choices: [], chosen: text, correct: "\(check.right) of \(check.total)",
                    right: response.isRight, chosenIndex: response.chosen, correctIndex: response.correctIndex, explanation: card.faces.back,
                    feedback: check.feedback))
            case .choice(let index):
                guard let question = card.content.choice else {
                    throw WorkspaceError("item \(card.key) is an exercise: answer it as \(card.content.answerHint ?? "text"), not with a choice")
                }
                guard question.choices.indices.contains(index) else {
                    throw WorkspaceError("question \(card.key) has choices A–\(ChoiceLetter.of(max(0, question.choices.count - 1))), not \(ChoiceLetter.of(index))")
                }
                let response = QuizResponse(itemID: card.id, question: question.question, chosen: index, correctIndex: question.correctIndex)
                responses.append(response)
                graded.append(GradedAnswer(
                    key: card.key, question: response.question, choices: question.choices, chosen: ChoiceLetter.of(index),
                    correct: ChoiceLetter.of(question.correctIndex), right: response.isRight, chosenIndex: index,
                    correctIndex: question.correctIndex, explanation: question.explanation, feedback: []))
            }
        }
        let subjectTitle = questions.first?.subject ?? subject
        let attempt = QuizAttempt(subject: subjectTitle, subtopic: subtopic, takenAt: now, answers: responses, passPercent: pass)
        let scheduler = try await scheduler(forSubject: subjectTitle)
        try await store().recordQuiz(attempt, rating: { $0.isRight ? .good : .again }) { memory, rating in
            scheduler.review(memory, rating: rating, at: now)
        }
        return GradedQuiz(
            subject: subjectTitle, subtopic: subtopic, questions: attempt.answers.count, correct: attempt.correct,
            incorrect: attempt.incorrect, scorePercent: attempt.scorePercent, passPercent: pass, passed: attempt.passed,
            answers: graded)
    }

    /// The question of a quiz card (`quizQuestions` returns choice items only).
    static func question(_ card: StudyCard) -> ChoiceItem {
        card.content.choice ?? ChoiceItem(question: card.faces.front, choices: [], correctIndex: -1, explanation: "")
    }
}
