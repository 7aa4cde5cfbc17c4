import Foundation
import PrimerCore
import PrimerGeneration
import PrimerRendering

/// The live progress line on standard error: rewritten in place on a terminal, plain lines for
/// milestones otherwise (logs, CI), so stdout stays clean for the result and for --json.
final class ProgressLine: @unchecked Sendable {
    private let lock = NSLock()
    private let isTerminal = isatty(STDERR_FILENO) != 0
    private var shown = false
    private var calls = 0

    func report(_ event: ProgressEvent) {
        lock.lock()
        defer { lock.unlock() }
        switch event {
        case .classified(let kind, let reason):
            line("Subject kind: \(kind.rawValue) (\(reason))", persistent: true)
        case .planStarted:
            line("Planning…", persistent: false)
        case .outlineFollowed(let use):
            line("Plan from the document outline: \(use.sections) section\(use.sections == 1 ? "" : "s") → \(use.topics) topic\(use.topics == 1 ? "" : "s")", persistent: true)
            for left in use.leftOut { line("  left out: \(left)", persistent: true) }
        case .planReady(let topics, let subtopics, let generated):
            line("Plan \(generated ? "generated" : "already stored"): \(topics) topics, \(subtopics) subtopics", persistent: true)
        case .familyStarted(let family, let subtopic, let step, let total):
            line("[\(step)/\(total)] \(subtopic) › \(family)", persistent: false)
        case .attempt(let family, let subtopic, let attempt):
            if attempt.status != .accepted {
                let place = subtopic.map { "\($0) › " } ?? ""
                let reason = attempt.reasons.first ?? attempt.status.rawValue
                line("\(place)\(family): attempt \(attempt.number) \(attempt.status.rawValue): \(reason)", persistent: !isTerminal)
            }
        case .familyFinished(let family, let subtopic, let ok):
            if !ok { line("\(subtopic) › \(family) failed", persistent: true) }
        case .waitingForOtherRun(let work):
            line("Waiting: another run on this store is generating \(work)", persistent: true)
        }
    }

    /// Clears the live line before the final output is printed.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if isTerminal && shown { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        shown = false
    }

    /// Writes a progress line; its text (titles, attempt reasons, provider errors) is made
    /// terminal-safe before the line's own escape sequences are added.
    private func line(_ unsafeText: String, persistent: Bool) {
        let text = TerminalSafe.text(unsafeText)
        if isTerminal {
            let width = 100
            let clipped = text.count > width ? String(text.prefix(width - 1)) + "…" : text
            FileHandle.standardError.write(Data("\r\u{1B}[K\(clipped)\(persistent ? "\n" : "")".utf8))
            shown = !persistent
        } else if persistent {
            FileHandle.standardError.write(Data("\(text)\n".utf8))
        }
    }
}
