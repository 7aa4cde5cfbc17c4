import Foundation
import PrimerApp
import PrimerCore

/// How study commands print cards, times and knowledge for people (`--json` prints the
/// encodable values as they are).
enum StudyOutput {
    /// "in 10 min", "in 3 days", "2 h ago": a due date relative to `now`.
    static func relative(_ date: Date, from now: Date = Date()) -> String {
        let seconds = date.timeIntervalSince(now)
        let magnitude = abs(seconds)
        let amount: String
        switch magnitude {
        // Rounded to the nearest minute, so that a one-minute step reads "in 1 min" whether it is
        // printed at once (review rate) or a moment later (study).
        case ..<30: return seconds >= 0 ? "now" : "just now"
        case ..<3_570: amount = "\(Int((magnitude / 60).rounded())) min"
        case ..<86_400: amount = "\(Int((magnitude / 3_600).rounded())) h"
        default:
            let days = Int((magnitude / 86_400).rounded())
            amount = "\(days) day\(days == 1 ? "" : "s")"
        }
        return seconds >= 0 ? "in \(amount)" : "\(amount) ago"
    }

    /// "2026-11-25 14:03 (in 10 min)".
    static func when(_ date: Date, from now: Date = Date()) -> String {
        "\(stamp(date)) (\(relative(date, from: now)))"
    }

    static func stamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }

    /// One line per card: key, state, due, subtopic, front.
    static func cardLine(_ card: StudyCard, now: Date = Date()) -> String {
        let due = card.memory.map { relative($0.state.due, from: now) } ?? "new"
        let marks = (card.known ? " ✓" : "") + (card.edited ? " ✎" : "") + (card.addedByLearner ? " +" : "")
        let front = card.faces.front.split(separator: "\n").first.map(String.init) ?? ""
        return "\(card.key)  \(card.stateName.padding(toLength: 10, withPad: " ", startingAt: 0)) \(due.padding(toLength: 12, withPad: " ", startingAt: 0)) \(card.family): \(front)\(marks)"
    }

    /// The whole card: where it is, both sides, its schedule.
    static func cardDetail(_ card: StudyCard, now: Date = Date()) -> [String] {
        var lines = [
            "\(card.key)  \(card.family) (\(card.content.shape.rawValue)) — \(card.subject) › \(card.topic) › \(card.subtopic)",
            "Front: \(card.faces.front)",
        ]
        if let hint = card.faces.hint { lines.append("Hint:  \(hint)") }
        lines.append("Back:  \(card.faces.back)")
        if let memory = card.memory {
            let state = memory.state
            lines.append(
                "State: \(card.stateName), due \(when(state.due, from: now)), \(memory.reps) review\(memory.reps == 1 ? "" : "s"), \(memory.lapses) lapse\(memory.lapses == 1 ? "" : "s")"
                    + (state.stability.map { String(format: ", stability %.2f days", $0) } ?? "")
                    + (state.difficulty.map { String(format: ", difficulty %.2f", $0) } ?? ""))
        } else {
            lines.append("State: new (never reviewed)")
        }
        let flags = [card.known ? "known" : nil, card.edited ? "edited" : nil, card.addedByLearner ? "added by you" : nil].compactMap { $0 }
        if !flags.isEmpty { lines.append("Marks: \(flags.joined(separator: ", "))") }
        for old in card.replaced {
            lines.append(
                "Rewrites \(old.key) (\(old.rewrittenAt.formatted(.iso8601.year().month().day()))): \(old.reason); its reviews stay in the log under \(old.key)")
            lines.append("  was: \(SummaryText.brief(old.content))")
        }
        return lines
    }

    /// A percentage coloured from red (0) through yellow to green (100) when standard output is
    /// a terminal (24-bit colour), plain otherwise or when NO_COLOR is set.
    static func coloured(percent: Double) -> String {
        let text = String(format: "%5.1f %%", percent)
        guard isatty(STDOUT_FILENO) != 0, ProcessInfo.processInfo.environment["NO_COLOR"] == nil else { return text }
        let (red, green) = gradient(percent)
        return "\u{1B}[38;2;\(red);\(green);0m\(text)\u{1B}[0m"
    }

    /// Red and green of the colour for `percent`: (220, 0) at 0, (220, 220) at 50, (0, 220) at 100.
    static func gradient(_ percent: Double) -> (Int, Int) {
        let p = min(100, max(0, percent)) / 100
        return (Int((p < 0.5 ? 1 : 2 * (1 - p)) * 220), Int((p < 0.5 ? 2 * p : 1) * 220))
    }
}
