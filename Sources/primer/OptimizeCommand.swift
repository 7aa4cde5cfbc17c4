import ArgumentParser
import Foundation
import PrimerApp
import PrimerCore
import PrimerRendering

struct OptimizeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "optimize",
        abstract: "Fit the scheduler's FSRS parameters to your own review log (as Anki's Optimize does); studying uses them from then on.",
        discussion: """
            Runs the reference optimizer, fsrs-rs (python3 -m pip install fsrs-rs-python==0.9.3; PRIMER_PYTHON names \
            the Python), on the review log of one subject (its own parameters) or of every subject (yours, for every \
            subject without its own). `primer stats` shows the log loss and RMSE of the default and the fitted \
            parameters on that log. With too few reviews it says how many it needs and changes nothing.
            """)

    @Argument(help: "The subject whose log to fit (default: every subject's).") var subject: String?
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let result = try await openWorkspace(configOptions, storeOptions).optimize(subject: subject)
        if json { return try Console.json(result) }
        let whose = subject.map { "'\(TerminalSafe.text($0))'" } ?? "your review log"
        guard let fitted = result.fitted else {
            Console.out(
                "Not optimized: \(whose) has \(result.reviews) review\(result.reviews == 1 ? "" : "s"), \(result.items) of them after an earlier review "
                    + "of the same card; fitting needs at least \(result.needed) of those. Nothing changed: the scheduler keeps its parameters.")
            throw ExitCode(2)
        }
        Console.out("Fitted FSRS parameters to \(whose): \(result.reviews) reviews (\(result.items) training items).")
        Console.out(String(format: "  log loss %.4f (defaults %.4f), RMSE %.4f (defaults %.4f)",
            fitted.fittedFit.logLoss, fitted.defaultFit.logLoss, fitted.fittedFit.rmse, fitted.defaultFit.rmse))
        Console.out("  parameters: " + fitted.parameters.map { String(format: "%.4f", $0) }.joined(separator: ", "))
        Console.out(subject == nil
            ? "Every subject without parameters of its own is scheduled with these from now on."
            : "This subject is scheduled with these from now on.")
    }
}
