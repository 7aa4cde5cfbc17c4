import Foundation
import PrimerCore

/// A self-contained HTML page for one run (no scripts, no external files): the run's facts, a
/// bar chart of the 0–1 scores per family, the metric table, and per case the golden reference
/// beside what was generated.
public enum EvalHTMLReport {
    public static func render(_ report: EvalRunReport, suite: EvalSuite) -> String {
        var html = """
            <!doctype html><html lang="en"><head><meta charset="utf-8">
            <title>\(e(report.suite)) — \(e(report.provider)) — Primer evaluation</title>
            <style>
            body{font:14px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:1100px;color:#222;padding:0 1rem}
            h1{font-size:1.5rem}h2{margin-top:2rem;border-bottom:1px solid #ddd}h3{margin-bottom:.3rem}
            table{border-collapse:collapse;margin:.5rem 0}td,th{border:1px solid #ddd;padding:.25rem .5rem;text-align:left;vertical-align:top}
            th{background:#f4f4f4}.num{text-align:right;font-variant-numeric:tabular-nums}
            .cols{display:grid;grid-template-columns:1fr 1fr;gap:1rem}.col{background:#fafafa;border:1px solid #eee;padding:.5rem;overflow:auto}
            .err{color:#a00}.muted{color:#777}details{margin:.5rem 0}summary{cursor:pointer;font-weight:600}
            pre{white-space:pre-wrap;font:12px/1.4 ui-monospace,monospace}
            </style></head><body>
            <h1>Primer evaluation: \(e(report.suite))</h1>
            <p>\(e(report.provider)) (\(e(report.model))) · \(report.cases.count) case runs · \(report.providerCalls) provider calls, \(report.cacheHits) from the cache · \(String(format: "%.1f", report.seconds)) s · \(e(ISO8601DateFormatter().string(from: report.startedAt)))\(report.label.isEmpty ? "" : " · " + e(report.label))</p>
            <p class="muted">Families: \(report.families.sorted { $0.key < $1.key }.map { "\(e($0.key)) v\($0.value.version) (\($0.value.hash.prefix(8)))" }.joined(separator: ", "))</p>
            """
        html += "<h2>Scores per family</h2>" + chart(report.scores.aggregate)
        html += "<h2>All metrics (mean over cases)</h2>" + table(report.scores)
        html += "<h2>Cases</h2>"
        let cases = Dictionary(suite.cases.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        for result in report.cases {
            html += caseSection(result, golden: cases[result.id], scores: report.scores.cases.first { $0.caseID == result.id })
        }
        for line in suite.attribution { html += "<p class=\"muted\">\(e(line))</p>" }
        return html + "</body></html>\n"
    }

    /// Metrics that are fractions (coverage, recall, rates); counts, sizes, tokens and cost are
    /// in the table only.
    static let charted: Set<String> = [
        "section_coverage", "topic_coverage", "term_recall", "definition_f1", "lesson_term_coverage", "well_formed",
        "duplicate_rate", "echo_rate", "leakage", "first_try_pass_rate", "failure_rate", "drop_rate",
    ]

    /// Horizontal bars for the fraction metrics, coloured by whether higher or lower is better.
    static func chart(_ aggregate: [String: MetricValues]) -> String {
        var rows: [(String, Double, MetricDirection)] = []
        for family in aggregate.keys.sorted() {
            for (metric, value) in aggregate[family]!.sorted(by: { $0.key < $1.key }) where charted.contains(metric) {
                rows.append(("\(family).\(metric)", min(1, max(0, value)), MetricDirection.of(metric: metric)))
            }
        }
        let rowHeight = 18, labelWidth = 300, barWidth = 500
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(labelWidth + barWidth + 60)\" height=\(rows.count * rowHeight + 10) role=\"img\" aria-label=\"scores per family\">"
        for (index, (label, value, direction)) in rows.enumerated() {
            let y = index * rowHeight + 5
            let colour = direction == .lowerIsBetter ? "#d98c3a" : "#3a7bd9"
            svg += "<text x=\"\(labelWidth - 6)\" y=\"\(y + 12)\" text-anchor=\"end\" font-size=\"12\">\(e(label))</text>"
            svg += "<rect x=\"\(labelWidth)\" y=\"\(y + 2)\" width=\"\(barWidth)\" height=\"12\" fill=\"#eee\"/>"
            svg += "<rect x=\"\(labelWidth)\" y=\"\(y + 2)\" width=\"\(Int(value * Double(barWidth)))\" height=\"12\" fill=\"\(colour)\"/>"
            svg += "<text x=\"\(labelWidth + barWidth + 6)\" y=\"\(y + 12)\" font-size=\"12\">\(String(format: "%.2f", value))</text>"
        }
        return svg + "</svg><p class=\"muted\">Blue: higher is better. Orange: rates where lower is better.</p>"
    }

    static func table(_ scores: EvalScores) -> String {
        var html = "<table><tr><th>family</th><th>metric</th><th>mean</th><th>95 % interval</th><th>case runs</th><th>mean of accepted</th></tr>"
        for family in scores.aggregate.keys.sorted() {
            for (metric, value) in scores.aggregate[family]!.sorted(by: { $0.key < $1.key }) {
                let interval = scores.intervals[family]?[metric].map { "\(format($0.low)) – \(format($0.high))" } ?? "–"
                let accepted = scores.accepted[family]?[metric].map { "\(format($0)) (n \(scores.acceptedCounts[family]?[metric] ?? 0))" } ?? "–"
                html += "<tr><td>\(e(family))</td><td>\(e(metric))</td><td class=\"num\">\(format(value))</td><td class=\"num\">\(interval)</td>"
                html += "<td class=\"num\">\(scores.counts[family]?[metric] ?? 0)</td><td class=\"num\">\(accepted)</td></tr>"
            }
        }
        return html + "</table>"
    }

    static func caseSection(_ result: EvalRunReport.CaseResult, golden: EvalCase?, scores: CaseScores?) -> String {
        var html = "<details><summary>\(e(result.id))\(result.repetition > 1 ? " (run \(result.repetition))" : "")"
        if let golden { html += " — \(e(golden.subject.title))\(golden.subtopic.map { " › " + e($0.subtopic) } ?? "")" }
        if !result.errors.isEmpty { html += " <span class=\"err\">\(result.errors.count) failed</span>" }
        html += "</summary>"
        if let scores {
            html += "<p class=\"muted\">" + scores.families.sorted { $0.key < $1.key }.map { family, metrics in
                "\(e(family)): " + metrics.sorted { $0.key < $1.key }.map { "\(e($0.key)) \(format($0.value))" }.joined(separator: ", ")
            }.joined(separator: " · ") + "</p>"
        }
        for (family, error) in result.errors.sorted(by: { $0.key < $1.key }) { html += "<p class=\"err\">\(e(family)): \(e(error))</p>" }
        html += "<div class=\"cols\"><div class=\"col\"><h3>Golden</h3>\(goldenHTML(golden))</div><div class=\"col\"><h3>Generated</h3>\(generatedHTML(result))</div></div>"
        return html + "</details>"
    }

    static func goldenHTML(_ golden: EvalCase?) -> String {
        guard let golden else { return "<p class=\"muted\">(case not in this suite)</p>" }
        var html = ""
        if let plan = golden.plan {
            if !plan.topics.isEmpty {
                html += "<ol>" + plan.topics.map { "<li>\(e($0.title))<ul>" + $0.sections.map { "<li>\(e($0))</li>" }.joined() + "</ul></li>" }.joined() + "</ol>"
            } else {
                html += "<ul>" + plan.sections.map { "<li>\(e($0))</li>" }.joined() + "</ul>"
            }
        }
        if let subtopic = golden.subtopic {
            html += "<p><b>Topic</b> \(e(subtopic.topic)) · <b>siblings</b> \(e(subtopic.siblings.joined(separator: "; ")))</p>"
            if !subtopic.terms.isEmpty { html += "<h4>Terms</h4><ul>" + subtopic.terms.map { "<li><b>\(e($0.front))</b>: \(e($0.back))</li>" }.joined() + "</ul>" }
            if !subtopic.mcq.isEmpty {
                html += "<h4>Reference questions</h4><ol>" + subtopic.mcq.map { q in
                    "<li>\(e(q.stem))<br>" + q.choices.enumerated().map { "\($0.offset == q.answer ? "✔" : "·") \(e($0.element))" }.joined(separator: "<br>") + "</li>"
                }.joined() + "</ol>"
            }
        }
        return html
    }

    static func generatedHTML(_ result: EvalRunReport.CaseResult) -> String {
        var html = ""
        if let outline = result.outline {
            html += "<p class=\"muted\">Plan from the document outline: \(outline.sections) sections → \(outline.topics) topics</p>"
            if !outline.leftOut.isEmpty { html += "<ul class=\"muted\">" + outline.leftOut.map { "<li>left out: \(e($0))</li>" }.joined() + "</ul>" }
        }
        if let passages = result.passages, !passages.isEmpty {
            html += "<p class=\"muted\">Passages given to the families:</p><ul class=\"muted\">" + passages.map { "<li>\(e($0))</li>" }.joined() + "</ul>"
        }
        if let plan = result.plan {
            html += "<ol>" + plan.topics.map { "<li>\(e($0.title))<ul>" + $0.subtopics.map { "<li>\(e($0))</li>" }.joined() + "</ul></li>" }.joined() + "</ol>"
        }
        for content in result.content ?? [] {
            html += "<h4>\(e(content.labels.title))</h4>" + contentHTML(content)
        }
        for (family, rationale) in result.judge.sorted(by: { $0.key < $1.key }) { html += "<p class=\"muted\">Judge on \(e(family)): \(e(rationale))</p>" }
        return result.plan == nil && (result.content ?? []).isEmpty ? html + "<p class=\"muted\">(nothing generated)</p>" : html
    }

    /// One family's items, laid out by shape.
    static func contentHTML(_ content: KitContent) -> String {
        switch content.shape {
        case .lesson, .outline:
            return content.items.map { item in
                guard case .lesson(let text) = item.content else { return "" }
                return "<pre>\(e(text))</pre>"
            }.joined()
        case .pair:
            return "<table>" + content.items.map { item in
                guard case .pair(let pair) = item.content else { return "" }
                return "<tr><td>\(e(pair.front))</td><td>\(e(pair.back))</td></tr>"
            }.joined() + "</table>"
        case .choice:
            return "<ol>" + content.items.map { item in
                guard case .choice(let q) = item.content else { return "" }
                return "<li>\(e(q.question))<br>" + q.choices.enumerated().map { "\($0.offset == q.correctIndex ? "✔" : "·") \(e($0.element))" }.joined(separator: "<br>") + "<br><i>\(e(q.explanation))</i></li>"
            }.joined() + "</ol>"
        case .cloze:
            return "<ul>" + content.items.map { item in
                guard case .cloze(let cloze) = item.content else { return "" }
                return "<li>\(e(cloze.text))\(cloze.extra.isEmpty ? "" : "<br><i>\(e(cloze.extra))</i>")</li>"
            }.joined() + "</ul>"
        default:
            return content.items.map { "<pre>\(e(AnswerFormat.text($0.content)))</pre>" }.joined()
        }
    }

    public static func format(_ value: Double) -> String {
        value.rounded() == value && abs(value) >= 10 ? String(Int(value)) : String(format: "%.3f", value)
    }

    /// HTML-escapes text.
    static func e(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
