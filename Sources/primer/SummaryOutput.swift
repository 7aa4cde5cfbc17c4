import Foundation
import PrimerCore
import PrimerGeneration
import PrimerRendering

enum SummaryJSON {
    static func render(_ summary: RunSummary) throws -> String {
        String(decoding: try OutputJSON.encoder().encode(summary), as: UTF8.self)
    }
}

/// The plan and a table of what each family did.
enum SummaryText {
    static func render(_ summary: RunSummary, planOnly: Bool, rewriting: Bool = false) -> String {
        var out = "\(summary.subject) — \(summary.kind.rawValue) subject\(summary.language.isEmpty ? "" : " (\(summary.language))")\n\n"
        // A rewrite leaves the plan as it was: no need to show it.
        if !rewriting {
            out += "Plan: \(summary.topics.count) topics, \(summary.topics.reduce(0) { $0 + $1.subtopics.count }) subtopics\n"
            for (index, topic) in summary.topics.enumerated() {
                out += "  \(index + 1). \(topic.title)\n"
                for subtopic in topic.subtopics { out += "     - \(subtopic)\n" }
            }
        }
        if let outline = summary.outline {
            out += "Plan from the document outline: \(outline.sections) sections → \(outline.topics) topics"
            out += outline.leftOut.isEmpty ? ".\n" : "; left out: \(outline.leftOut.joined(separator: "; ")).\n"
        }
        out += "\nProvider \(summary.provider) (\(summary.model)): \(summary.providerCalls) provider calls, \(summary.attempts) attempts, "
        out += "\(summary.promptTokens) prompt + \(summary.completionTokens) completion tokens"
        if summary.cost > 0 { out += String(format: ", $%.4f", summary.cost) }
        out += "\n"
        let rank = Dictionary(summary.familyOrder.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        let rows = summary.families.sorted { (rank[$0.key] ?? Int.max, $0.key) < (rank[$1.key] ?? Int.max, $1.key) }
        if !rows.isEmpty {
            let width = max(8, rows.map(\.key.count).max() ?? 0)
            out += "  " + "family".padding(toLength: width, withPad: " ", startingAt: 0)
                + "  generated  stored before  failed  attempts  items  dropped\n"
            for (name, family) in rows {
                out += "  " + name.padding(toLength: width, withPad: " ", startingAt: 0)
                out += pad(family.generated, 11) + pad(family.skipped, 15) + pad(family.failed, 8)
                out += pad(family.attempts, 10) + pad(family.items, 7) + pad(family.dropped, 9) + "\n"
            }
        }
        if !summary.rewrites.isEmpty || (summary.failures.isEmpty && rewriting) {
            out += rewrites(summary)
        } else if summary.failures.isEmpty {
            out += planOnly ? "\nPlan stored." : "\nKit complete for \(summary.subtopicsInScope) subtopic\(summary.subtopicsInScope == 1 ? "" : "s")."
            out += " Show it with: primer show \"\(summary.subject)\""
        }
        return out
    }

    /// Each leech written again: its key and the new one, why, and both versions.
    static func rewrites(_ summary: RunSummary) -> String {
        let stored = summary.rewrites.filter { $0.newKey != nil }
        var out = "\nRewrote \(stored.count) leech\(stored.count == 1 ? "" : "es"):\n"
        for item in summary.rewrites {
            guard let newKey = item.newKey else {
                let change = item.leftAlone ?? .deleted
                out += "  \(item.replacedKey) was \(change.rawValue) during the run; its rewrite was not stored"
                out += change == .deleted ? "\n" : " (run --rewrite-leeches again to rewrite it as it is now)\n"
                continue
            }
            out += "  \(item.replacedKey) → \(newKey)  \(item.family) · \(item.subtopic): \(item.reason)\n"
            out += "    was: \(brief(item.before))\n    now: \(brief(item.after))\n"
        }
        out += "The new items start as new cards; the old ones' reviews stay in the log. Study them with: primer review next \"\(summary.subject)\""
        return out
    }

    /// An item on one line: both sides of a pair, the question of a choice, the cloze sentence.
    static func brief(_ content: ItemContent) -> String {
        let faces = CardFaces(content)
        let text: String
        switch content {
        case .pair(let item): text = "\(item.front) | \(item.back)\(item.hint.map { " (hint: \($0))" } ?? "")"
        case .choice(let item): text = item.question
        case .cloze(let item): text = faces.front + (item.extra.isEmpty ? "" : " — \(item.extra)")
        case .lesson: text = faces.front
        case .shaped(let item): text = item.definition?.primaryText(item) ?? faces.front
        }
        return TerminalSafe.text(text.replacingOccurrences(of: "\n", with: " "))
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: " ", count: max(1, width - text.count)) + text
    }
}
