import Foundation
import PrimerBatch
import PrimerCore

/// The batch's progress on standard error: a bar with done/total, ETA, calls, tokens, cost and
/// failures, redrawn in place on a terminal; one plain line per finished subject otherwise.
final class BatchProgress: @unchecked Sendable {
    private let lock = NSLock()
    private let isTerminal = isatty(STDERR_FILENO) != 0
    private let start = Date()
    private var total = 0
    private var done = 0
    private var failed = 0
    private var calls = 0
    private var tokens = 0
    private var cost = 0.0
    private var lastDraw = Date.distantPast

    func report(_ event: BatchEvent) {
        lock.lock()
        defer { lock.unlock() }
        switch event {
        case .started(let total):
            self.total = total
        case .subjectStarted:
            break
        case .pipeline(_, let event):
            if case .attempt(_, _, let attempt) = event {
                calls += 1
                tokens += attempt.usage.promptTokens + attempt.usage.completionTokens
                cost = Cost.adding(cost, attempt.cost)
            }
        case .subjectFinished(let result, let done, _):
            self.done = done
            if result.status != .complete { failed += 1 }
            if !isTerminal {
                let line = "[\(done)/\(total)] \(result.title): \(result.status.rawValue)" + String(format: " (%.1f s)", result.seconds)
                    + (result.error.map { " — \($0)" } ?? "")
                Console.error(line + "\n")
            }
        }
        if isTerminal, Date().timeIntervalSince(lastDraw) > 0.1 || done == total {
            lastDraw = Date()
            draw()
        }
    }

    private func draw() {
        let width = 24
        let fraction = total == 0 ? 0 : Double(done) / Double(total)
        let filled = Int(fraction * Double(width))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let elapsed = Date().timeIntervalSince(start)
        let eta = done == 0 ? "–" : Self.duration(elapsed / Double(done) * Double(total - done))
        var line = "\(bar) \(done)/\(total) · ETA \(eta) · \(calls) calls · \(tokens) tokens"
        if cost > 0 { line += String(format: " · $%.4f", cost) }
        if failed > 0 { line += " · \(failed) failed" }
        FileHandle.standardError.write(Data("\r\u{1B}[K\(line)".utf8))
    }

    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if isTerminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }

    static func duration(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        return s >= 60 ? "\(s / 60)m\(String(format: "%02d", s % 60))s" : "\(s)s"
    }
}
