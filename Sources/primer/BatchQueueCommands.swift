import ArgumentParser
import Foundation
import PrimerApp
import PrimerCore

/// `primer batch status`: where queued batches stand, across every worker.
struct BatchStatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show queued batches: subjects and tasks done, running, queued and failed, workers, ETA (a PostgreSQL store).")

    @Argument(help: "The batch's number (default: every batch).") var batch: Int64?
    @Flag(help: "Print JSON: one object for a batch number, else an array.") var json = false
    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let workspace = try openWorkspace(configOptions, storeOptions)
        let statuses = try await workspace.queueStatus(batch: batch)
        if json {
            let encoder = OutputJSON.encoder()
            encoder.dateEncodingStrategy = .iso8601
            let data = batch == nil ? try encoder.encode(statuses) : try encoder.encode(statuses[0])
            Console.out(String(decoding: data, as: UTF8.self))
            return
        }
        if statuses.isEmpty {
            Console.out("No batch in the queue. Queue one with `primer batch FILE --enqueue`.")
            return
        }
        Console.out(statuses.map(QueueStatusText.render).joined(separator: "\n"))
    }
}

/// `primer batch retry`: failed tasks back in the queue.
struct BatchRetryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "retry",
        abstract: "Queue a batch's failed tasks again (a PostgreSQL store); running workers take them.")

    @Argument(help: "The batch's number (default: every batch).") var batch: Int64?
    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let workspace = try openWorkspace(configOptions, storeOptions)
        let count = try await workspace.retryFailed(batch: batch)
        let which = batch.map { "of batch \($0) " } ?? ""
        Console.out(
            count == 0
                ? "No failed task \(which)to retry."
                : "Queued \(count) failed task\(count == 1 ? "" : "s") \(which)again; a running `primer worker` takes them.")
    }
}

enum QueueStatusText {
    static func render(_ status: QueueStatus) -> String {
        let enqueued = status.enqueuedAt.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: false).dateTimeSeparator(.space))
        var lines = ["Batch \(status.batch) (\(line(status.name))), queued \(enqueued) UTC"]
        lines.append("  subjects \(counts(status.subjects))")
        lines.append("  tasks    \(counts(status.tasks))  (a plan per subject, then one per subtopic)")
        lines.append("  workers  \(status.workers.isEmpty ? "none working on it now" : "\(status.workers.count): \(status.workers.joined(separator: ", "))")")
        let left: String =
            if status.tasks.queued + status.tasks.running == 0 { "nothing left to run" }
            else if let eta = status.etaSeconds { "about \(duration(eta)) left" }
            else { "no rate yet" }
        lines.append("  rate     \(status.finishedLastMinute) task\(status.finishedLastMinute == 1 ? "" : "s") finished in the last minute; \(left)")
        for failure in status.failures.prefix(10) {
            let place = [failure.subject, failure.subtopic].compactMap { $0 }.map(line).joined(separator: " › ")
            lines.append("  failed   \(place): \(line(String(failure.error.prefix(300))))")
        }
        if status.tasks.failed > 0 { lines.append("Queue the failed tasks again with `primer batch retry \(status.batch)`.") }
        return lines.joined(separator: "\n")
    }

    /// Stored text (titles, errors) on one status line: newlines as spaces. `Console` makes the
    /// control characters visible when it prints the line.
    static func line(_ text: String) -> String {
        text.replacingOccurrences(of: "\n", with: " ")
    }

    static func counts(_ counts: QueueStatus.Counts) -> String {
        "\(counts.total): \(counts.done) done, \(counts.running) running, \(counts.queued) queued, \(counts.failed) failed"
    }

    static func duration(_ seconds: Double) -> String {
        if seconds < 90 { return "\(Int(seconds.rounded())) s" }
        if seconds < 5_400 { return "\(Int((seconds / 60).rounded())) min" }
        return String(format: "%.1f h", seconds / 3_600)
    }
}
