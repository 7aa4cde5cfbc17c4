import Foundation
import PrimerApp
import PrimerCore
import PrimerEval
import PrimerRendering

/// The tables `primer eval` prints.
enum EvalTable {
    /// Headline metrics per family, then where the files are.
    static func render(_ report: EvalRunReport, resultPath: String) -> String {
        var out = "\(report.suite) [\(splitText(report.splits))] on \(report.provider) (\(report.model)): \(report.cases.count) case runs in \(String(format: "%.1f", report.seconds)) s, "
        out += "\(report.providerCalls) provider calls" + (report.cacheHits > 0 ? ", \(report.cacheHits) answers from the cache" : "") + "\n"
        if report.providerCalls == 0 && report.cacheHits > 0 { out += "Nothing changed since the cached run: 0 provider calls.\n" }
        let width = max(10, report.scores.aggregate.keys.map(\.count).max() ?? 0)
        let scores = report.scores
        for family in scores.aggregate.keys.sorted() {
            let metrics = scores.aggregate[family]!
            let shown = metrics.sorted { $0.key < $1.key }.filter { !["prompt_tokens", "completion_tokens", "cost", "topics", "subtopics", "topic_ratio"].contains($0.key) }
            let runs = scores.cases.filter { $0.families[family] != nil }.count
            let failed = scores.cases.filter { $0.failed.contains(family) }.count
            out += "  " + family.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
            out += "n \(runs)\(failed > 0 ? ", \(failed) failed" : ""): "
            out += shown.map { metric, value in
                var text = "\(metric) \(EvalHTMLReport.format(value))"
                if let interval = scores.intervals[family]?[metric], interval.high > interval.low {
                    text += " [\(EvalHTMLReport.format(interval.low))–\(EvalHTMLReport.format(interval.high))]"
                }
                // Over every case; where failures pulled the mean down, the accepted outputs' mean beside it.
                if failed > 0, MetricDirection.worst(metric: metric) != nil, let kept = scores.accepted[family]?[metric] {
                    text += " (accepted \(EvalHTMLReport.format(kept)), n \(scores.acceptedCounts[family]?[metric] ?? 0))"
                }
                if let n = scores.counts[family]?[metric], n != runs { text += " [n \(n)]" }
                return text
            }.joined(separator: "  ") + "\n"
        }
        let failed = report.cases.reduce(0) { $0 + $1.errors.count }
        if failed > 0 {
            out += "  \(failed) family run\(failed == 1 ? "" : "s") failed every attempt (see the report); each scores its metrics' worst values in the means above\n"
        }
        return out + "Result: \(resultPath)"
    }

    /// Each metric's agreement with the hand labels, per family.
    static func agreement(_ outcome: AgreementOutcome) -> String {
        let good = outcome.labels.labels.filter { $0.label == .good }.count
        var out = "\(outcome.labels.labels.count) outputs labelled by hand in \(outcome.file.path) (\(good) good, \(outcome.labels.labels.count - good) bad).\n"
        out += "Agreement: of every good/bad pair of one family's outputs, the share the metric ranks the right way round (1 always, 0.5 chance, 0 never).\n"
        func mean(_ value: Double?) -> String { value.map(EvalHTMLReport.format) ?? "–" }
        for item in outcome.agreements {
            let agreement = item.agreement.map { String(format: "%.2f", $0) } ?? "–   "
            out += "  \(item.key.description.padding(toLength: 36, withPad: " ", startingAt: 0)) \(agreement)  "
            out += "good \(item.good) (mean \(mean(item.goodMean))), bad \(item.bad) (mean \(mean(item.badMean)))"
            out += item.agreement == nil ? "  no pair to rank: no good output, or no bad one, has this metric\n" : "\n"
        }
        if outcome.judgeFailures > 0 { out += "  the judge could not score \(outcome.judgeFailures) output\(outcome.judgeFailures == 1 ? "" : "s")\n" }
        return out
    }

    /// A change with its sign: "+0.050", "−0.120".
    static func signed(_ value: Double) -> String {
        value < 0 ? "−" + EvalHTMLReport.format(-value) : "+" + EvalHTMLReport.format(value)
    }

    /// "dev 40, test 5": the cases of each split in a run.
    static func splitText(_ splits: [String: Int]) -> String {
        splits.isEmpty ? "no cases" : splits.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    }

    static func compare(_ deltas: [MetricDelta], title: String, splits: (baseline: [String: Int], current: [String: Int])) -> String {
        var out = "Compare \(title) [\(splitText(splits.current))]:\n"
        if Set(splits.baseline.keys) != Set(splits.current.keys) {
            out += "  note: the runs are on different splits (\(splitText(splits.baseline)) → \(splitText(splits.current))); their means are not comparable\n"
        }
        let shown = deltas.filter { $0.status != .unchanged }
        if shown.isEmpty { return out + "  no metric changed\n" }
        for delta in shown.sorted(by: { $0.key < $1.key }) {
            let before = delta.baseline.map(EvalHTMLReport.format) ?? "–"
            let after = delta.current.map(EvalHTMLReport.format) ?? "–"
            let mark = delta.isRegression ? "REGRESSION" : delta.status.rawValue
            var counts = "n \(delta.baselineN.map(String.init) ?? "–") → \(delta.currentN.map(String.init) ?? "–")"
            if delta.pairedCases > 0 { counts += ", \(delta.pairedCases) paired" }
            out += "  \(delta.key.description.padding(toLength: 40, withPad: " ", startingAt: 0)) \(before) → \(after)  (\(counts))  "
            if let interval = delta.interval {
                out += "change [\(signed(interval.low)), \(signed(interval.high))]  "
            }
            out += mark
            if delta.status == .noDetectableChange {
                if let interval = delta.interval, interval.low == 0, interval.high == 0 {
                    out += " (equal on the \(delta.pairedCases) paired cases; the means differ by the cases only one run has)"
                } else {
                    let tooFew = delta.key.isWallTime ? " (wall time needs --repeat 2 or more on both sides)" : " (too few cases to tell)"
                    out += delta.detectable.map { " (could detect ±\(EvalHTMLReport.format($0)) or more)" } ?? tooFew
                }
            }
            if delta.isRegression, let threshold = delta.threshold { out += " (allowed: \(threshold))" }
            out += "\n"
        }
        let regressions = deltas.filter(\.isRegression).count
        let undetected = deltas.filter { $0.status == .noDetectableChange }.count
        if undetected > 0 {
            out += "  \(undetected) change\(undetected == 1 ? "" : "s") within the noise of the runs (95 % interval includes no change); --repeat N narrows it\n"
        }
        out += regressions == 0 ? "  no regression beyond the thresholds\n" : "  \(regressions) regression\(regressions == 1 ? "" : "s") beyond the suite's thresholds\n"
        return out
    }
}

/// Progress on standard error: a live line on a terminal, a line per finished case otherwise.
final class EvalProgress: @unchecked Sendable {
    private let lock = NSLock()
    private let isTerminal = isatty(STDERR_FILENO) != 0

    func report(_ event: EvalEvent) {
        lock.lock()
        defer { lock.unlock() }
        switch event {
        case .started(let cases):
            write("Running \(cases) case\(cases == 1 ? "" : "s")…", persistent: !isTerminal)
        case .family(let id, let family):
            if isTerminal { write("\(id) › \(family)", persistent: false) }
        case .caseFinished(let id, let done, let total):
            write("[\(done)/\(total)] \(id)", persistent: !isTerminal)
        }
    }

    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if isTerminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }

    private func write(_ unsafeText: String, persistent: Bool) {
        let text = TerminalSafe.text(unsafeText)
        let line = isTerminal ? "\r\u{1B}[K" + String(text.prefix(100)) + (persistent ? "\n" : "") : text + "\n"
        FileHandle.standardError.write(Data(line.utf8))
    }
}
