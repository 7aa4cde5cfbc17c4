import ArgumentParser
import Foundation
import PrimerApp
import PrimerCore
import PrimerGeneration

struct QuizCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quiz",
        abstract: "Take a subject's quiz: one question at a time in the terminal, or graded from --answers in a script.",
        discussion: """
            The questions are the subject's choice questions, then its exercises (matching, ordering), each in kit order.
            In the terminal: press A–D to answer a question, type an exercise's answer and press return (e.g. 1b 2a 3d 4c); right or wrong shows at once with the explanation, part by part for an exercise; after a wrong choice e asks --provider why it is wrong (from the subtopic's lesson and the subject's documents, with sources); the score, counts and pass/fail follow the last question. q quits without storing the quiz.
            In a script: --answers "B,D,1b 2a 3c" grades one answer per question in the order --list shows them — a letter for a question, the typed answer for an exercise; --explain adds why each wrong choice is wrong.
            Every finished quiz is stored with its answers, and each answer counts as a review of its question (right: good, wrong: again).
            """)

    @Argument(help: "The subject title.")
    var subject: String
    @Option(help: "Only this subtopic's questions.")
    var subtopic: String?
    @Option(parsing: .unconditional, help: "At most this many questions (the first ones in kit order).")
    var limit: Int?
    @Option(help: "Grade without a terminal: one answer per question, comma-separated: a letter, or an exercise's typed answer (B,D,1b 2a 3c).")
    var answers: String?
    @Flag(help: "List the questions (with keys and choices) and exit.")
    var list = false
    @Option(name: .customLong("pass"), parsing: .unconditional, help: "Percentage needed to pass (default: primer.yaml's study.quiz_pass_percent, else 70).")
    var passPercent: Int?
    @Flag(help: "With --answers: explain each wrong answer (asks --provider).")
    var explain = false
    @Option(help: "The provider explanations ask (default: $PRIMER_PROVIDER, primer.yaml, else llama-local).")
    var provider: String?
    @Flag(help: "Print JSON.")
    var json = false
    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var promptsOptions: PromptsOptions
    @OptionGroup var pluginsOptions: PluginsOptions
    @OptionGroup var embedderOptions: EmbedderOptions

    /// A graded quiz with the explanation of each wrong answer, by question number (`--explain`).
    struct Explained: Encodable {
        var quiz: GradedQuiz
        var explanations: [String: AskAnswer]
    }

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1, not \(limit)") }
        if let passPercent, !(1...100).contains(passPercent) { throw ValidationError("--pass must be from 1 to 100, not \(passPercent)") }
        if explain && answers == nil { throw ValidationError("--explain explains the wrong answers of --answers; in the terminal press e after a wrong answer") }
    }

    func run() async throws {
        let workspace = try openWorkspace(configOptions, storeOptions, promptsOptions, pluginsOptions, embedderOptions)
        if list {
            let questions = try await workspace.quizQuestions(subject: subject, subtopic: subtopic, limit: limit)
            if json { return try Console.json(questions) }
            for (number, question) in questions.enumerated() {
                Console.out("\(number + 1). [\(question.key)] \(question.faces.front)")
                if let hint = question.content.answerHint { Console.out("   answer: \(hint)") }
            }
            return
        }
        let graded: GradedQuiz
        if let answers {
            let letters = answers.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            graded = try await workspace.gradeQuiz(subject: subject, subtopic: subtopic, limit: limit, answers: letters, passPercent: passPercent)
            var explanations: [String: AskAnswer] = [:]
            if explain {
                let questions = try await workspace.quizQuestions(subject: subject, subtopic: subtopic, limit: limit)
                try await LocalServers.stoppingAfter {
                    for (number, answer) in graded.answers.enumerated() where !answer.right && answer.feedback.isEmpty {
                        let chosen = ChoiceLetter.index(of: letters[number])
                        explanations["\(number + 1)"] = try await workspace.explain(questions[number].key, chosen: chosen, providerName: workspace.providerName(provider))
                    }
                }
            }
            if json && explain { return try Console.json(Explained(quiz: graded, explanations: explanations)) }
            if !json {
                for (number, answer) in graded.answers.enumerated() {
                    if answer.feedback.isEmpty {
                        Console.out("\(number + 1). \(answer.right ? "right" : "wrong"): \(answer.chosen)\(answer.right ? "" : " (answer \(answer.correct))") — \(answer.question)")
                    } else {
                        Console.out("\(number + 1). \(answer.right ? "right" : "wrong"): \(answer.correct) parts — \(answer.question.split(separator: "\n").first ?? "")")
                        for line in answer.feedback { Console.out("   " + line) }
                    }
                    for line in explanations["\(number + 1)"].map(AnswerOutput.lines) ?? [] { Console.out("   " + line) }
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
        var answers: [QuizAnswer] = []
        for (number, question) in questions.enumerated() {
            Console.out("Question \(number + 1) of \(questions.count) · \(question.subtopic)")
            Console.out(question.faces.front)
            let onward = number + 1 < questions.count ? "any key: next question" : "any key: your score"
            guard let item = question.content.choice else {
                // An exercise: typed, checked part by part.
                Console.out("Your answer (\(question.content.answerHint ?? "text"), return to check; an empty line quits):")
                guard let typed = keys.line(), !typed.isEmpty, let check = question.content.check(answer: typed) else { return nil }
                answers.append(.exercise(typed))
                for line in check.feedback { Console.out("  \(line)") }
                Console.out(check.right == check.total ? "Right!" : "\(check.right) of \(check.total) right.")
                Console.out("(\(onward))")
                guard let next = keys.next(), next != "q" else { return nil }
                Console.out("")
                continue
            }
            let letters = item.choices.indices.map { Character(ChoiceLetter.of($0).lowercased()) }
            Console.out("(\(letters.map { $0.uppercased() }.joined(separator: "/")) to answer, q to quit)")
            guard let key = keys.next(oneOf: Set(letters + ["q"])), key != "q",
                let index = ChoiceLetter.index(of: String(key))
            else { return nil }
            answers.append(.choice(index))
            if index == item.correctIndex {
                Console.out("Right!")
            } else {
                Console.out("Wrong — the answer is \(ChoiceLetter.of(item.correctIndex))) \(item.choices[max(0, item.correctIndex)])")
            }
            if !item.explanation.isEmpty { Console.out(item.explanation) }
            Console.out(index == item.correctIndex ? "(\(onward))" : "(e: why \(ChoiceLetter.of(index)) is wrong, \(onward))")
            var next = keys.next()
            if next == "e", index != item.correctIndex {
                Console.out("Explaining…")
                do {
                    let why = try await LocalServers.stoppingAfter {
                        try await workspace.explain(question.key, chosen: index, providerName: workspace.providerName(provider))
                    }
                    for line in AnswerOutput.lines(why) { Console.out(line) }
                } catch {
                    Console.out("No explanation: \(error)")
                }
                Console.out("(\(onward))")
                next = keys.next()
            }
            guard let next, next != "q" else { return nil }
            Console.out("")
        }
        return try await workspace.recordQuiz(subject: subject, subtopic: subtopic, questions: questions, answers: answers, passPercent: passPercent)
    }
}
