import ArgumentParser
import Foundation
import PrimerApp
import PrimerCore

struct QuizCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quiz",
        abstract: "Take a subject's quiz: one question at a time in the terminal, or graded from --answers in a script.",
        discussion: """
            In the terminal: press A–D to answer; right or wrong shows at once with the explanation; the score, counts and pass/fail follow the last question. q quits without storing the quiz.
            In a script: --answers B,D,A grades one letter per question in the order --list shows them.
            Every finished quiz is stored with its answers, and each answer counts as a review of its question (right: good, wrong: again).
            """)

    @Argument(help: "The subject title.")
    var subject: String
    @Option(help: "Only this subtopic's questions.")
    var subtopic: String?
    @Option(parsing: .unconditional, help: "At most this many questions (the first ones in kit order).")
    var limit: Int?
    @Option(help: "Grade without a terminal: one letter per question, comma-separated (B,D,A).")
    var answers: String?
    @Flag(help: "List the questions (with keys and choices) and exit.")
    var list = false
    @Option(name: .customLong("pass"), parsing: .unconditional, help: "Percentage needed to pass (default: primer.yaml's study.quiz_pass_percent, else 70).")
    var passPercent: Int?
    @Flag(help: "Print JSON.")
    var json = false
    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1, not \(limit)") }
        if let passPercent, !(1...100).contains(passPercent) { throw ValidationError("--pass must be from 1 to 100, not \(passPercent)") }
    }

    func run() async throws {
        let workspace = try openWorkspace(configOptions, storeOptions)
        if list {
            let questions = try await workspace.quizQuestions(subject: subject, subtopic: subtopic, limit: limit)
            if json { return try Console.json(questions) }
            for (number, question) in questions.enumerated() {
                Console.out("\(number + 1). [\(question.key)] \(question.faces.front)")
            }
            return
        }
        let graded: GradedQuiz
        if let answers {
            let letters = answers.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            graded = try await workspace.gradeQuiz(subject: subject, subtopic: subtopic, limit: limit, answers: letters, passPercent: passPercent)
            if !json {
                for (number, answer) in graded.answers.enumerated() {
                    Console.out("\(number + 1). \(answer.right ? "right" : "wrong"): \(answer.chosen)\(answer.right ? "" : " (answer \(answer.correct))") — \(answer.question)")
                }
            }
        } else {
            guard let taken = try await interactive(workspace) else {
                Console.out("Quiz stopped; nothing was stored.")
                return
            }
            graded = taken
        }
        if json { return try Console.json(graded) }
        Console.out(String(
            format: "Score %.0f %% — %d correct, %d incorrect of %d: %@ (pass mark %d %%).",
            graded.scorePercent, graded.correct, graded.incorrect, graded.questions, graded.passed ? "PASSED" : "FAILED", graded.passPercent))
    }

    /// One question at a time; nil when the learner quits.
    private func interactive(_ workspace: Workspace) async throws -> GradedQuiz? {
        let questions = try await workspace.quizQuestions(subject: subject, subtopic: subtopic, limit: limit)
        let keys = try TerminalKeys(command: "quiz")
        defer { keys.restore() }
        var chosen: [Int] = []
        for (number, question) in questions.enumerated() {
            guard let item = question.content.choice else { continue }
            Console.out("Question \(number + 1) of \(questions.count) · \(question.subtopic)")
            Console.out(question.faces.front)
            let letters = item.choices.indices.map { Character(ChoiceLetter.of($0).lowercased()) }
            Console.out("(\(letters.map { $0.uppercased() }.joined(separator: "/")) to answer, q to quit)")
            guard let key = keys.next(oneOf: Set(letters + ["q"])), key != "q",
                let index = ChoiceLetter.index(of: String(key))
            else { return nil }
            chosen.append(index)
            if index == item.correctIndex {
                Console.out("Right!")
            } else {
                Console.out("Wrong — the answer is \(ChoiceLetter.of(item.correctIndex))) \(item.choices[max(0, item.correctIndex)])")
            }
            if !item.explanation.isEmpty { Console.out(item.explanation) }
            Console.out(number + 1 < questions.count ? "(any key: next question)" : "(any key: your score)")
            guard let next = keys.next(), next != "q" else { return nil }
            Console.out("")
        }
        return try await workspace.recordQuiz(subject: subject, subtopic: subtopic, questions: questions, chosen: chosen, passPercent: passPercent)
    }
}
