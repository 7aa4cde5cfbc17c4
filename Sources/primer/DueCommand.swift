import ArgumentParser
import Foundation
import PrimerApp
import PrimerCore
import PrimerRendering

struct DueCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "due", abstract: "Cards due per subject now and today, and a day-by-day forecast.")

    @Option(parsing: .unconditional, help: "Days of forecast after today.")
    var days = 7
    @Flag(help: "Print JSON.")
    var json = false
    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        guard (1...366).contains(days) else { throw ValidationError("--days must be from 1 to 366, not \(days)") }
    }

    func run() async throws {
        let forecasts = try await openWorkspace(configOptions, storeOptions).dueForecast(days: days)
        if json { return try Console.json(forecasts) }
        if forecasts.isEmpty {
            Console.out("No cards yet. Generate a kit with: primer generate \"Linear Algebra\"")
            return
        }
        let width = max(7, forecasts.map(\.subject.count).max() ?? 0)
        let dayNames = forecasts[0].days.map { String($0.date.suffix(5)) }
        Console.out("subject".padding(toLength: width, withPad: " ", startingAt: 0) + "    new  now  today  " + dayNames.map { $0.padding(toLength: 6, withPad: " ", startingAt: 0) }.joined())
        for forecast in forecasts {
            var row = forecast.subject.padding(toLength: width, withPad: " ", startingAt: 0)
            row += SummaryText.pad(forecast.new, 7) + SummaryText.pad(forecast.dueNow, 5) + SummaryText.pad(forecast.dueToday, 7) + "  "
            row += forecast.days.map { "\($0.due)".padding(toLength: 6, withPad: " ", startingAt: 0) }.joined()
            Console.out(row)
        }
    }
}

struct StatsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Knowledge per subject, topic and subtopic: predicted recall, reviews, true retention, streak, lapses, leeches.")

    @Argument(help: "The subject title (default: every subject with cards).")
    var subject: String?
    @Flag(help: "Print JSON.")
    var json = false
    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let subjects = try await openWorkspace(configOptions, storeOptions).progress(subject: subject)
        if json { return try Console.json(subjects) }
        if subjects.isEmpty {
            Console.out("No cards yet. Generate a kit with: primer generate \"Linear Algebra\"")
            return
        }
        for (index, subject) in subjects.enumerated() {
            if index > 0 { Console.out("") }
            let deck = subject.progress
            var header = "\(TerminalSafe.text(deck.title)): knowledge \(StudyOutput.coloured(percent: deck.knowledgePercent)), \(deck.cards) cards (\(deck.new) new), \(deck.reviews) reviews"
            header += deck.trueRetentionPercent.map { String(format: ", true retention %.1f %%", $0) } ?? ""
            header += ", streak \(subject.streakDays) day\(subject.streakDays == 1 ? "" : "s")"
            print(header)
            var second = "  lapses \(deck.lapses), leeches \(deck.leeches.count)\(deck.leeches.isEmpty ? "" : " (\(deck.leeches.joined(separator: ", ")))")"
            second += ", due today \(deck.dueToday)"
            if subject.quizzes > 0 {
                second += ", quizzes \(subject.quizzes) (\(subject.quizzesPassed) passed"
                second += subject.lastQuizPercent.map { String(format: ", last %.0f %%", $0) } ?? ""
                second += ")"
            }
            Console.out(second)
            if let fit = subject.parameters {
                Console.out(
                    "  scheduler: FSRS parameters fitted to \(fit.fittedTo == "subject" ? "this subject's" : "your whole") review log (\(fit.reviews) reviews, \(Timestamp.format(fit.fittedAt)))"
                        + String(format: "; log loss %.4f (defaults %.4f), RMSE %.4f (defaults %.4f)", fit.fittedFit.logLoss, fit.defaultFit.logLoss, fit.fittedFit.rmse, fit.defaultFit.rmse))
            }
            // Titles are made terminal-safe one by one; the colour codes around the
            // percentages are Primer's own, so these lines are printed as they are.
            for topic in subject.topics {
                print("  " + line(topic.progress))
                for subtopic in topic.subtopics { print("    " + line(subtopic)) }
            }
        }
    }

    private func line(_ deck: DeckProgress) -> String {
        var text = "\(StudyOutput.coloured(percent: deck.knowledgePercent))  \(TerminalSafe.text(deck.title)) — \(deck.cards) cards, \(deck.reviews) reviews"
        if deck.lapses > 0 { text += ", \(deck.lapses) lapses" }
        if !deck.leeches.isEmpty { text += ", \(deck.leeches.count) leech\(deck.leeches.count == 1 ? "" : "es")" }
        return text
    }
}
