import Foundation
import PrimerCore

/// Timed text — a transcript's cues or a recording's recognized speech — as pages of a minute
/// each (`DocumentPlace`), so a passage's page is the minute it was said and citations show the
/// time. Page 1 is 0:00–0:59; a minute nobody spoke in is an empty page.
enum TimedText {
    struct Cue: Equatable {
        var start: Double
        var text: String
    }

    /// Longer than this is refused: a typo'd timing (99:00:00) would make thousands of empty pages.
    static let limitHours = 12

    static func pages(_ cues: [Cue], name: String) throws -> [String] {
        guard let last = cues.map(\.start).max() else { return [] }
        if last > Double(limitHours * 3600) {
            throw DocumentError.recordingTooLong(name: name, hours: last / 3600, limitHours: limitHours)
        }
        var pages = [[String]](repeating: [], count: DocumentPlace.page(atSecond: last))
        for cue in cues { pages[DocumentPlace.page(atSecond: cue.start) - 1].append(cue.text) }
        return pages.map { $0.joined(separator: " ") }
    }

    /// The cues of a WebVTT or SubRip file: each timing line (`00:01:02.500 --> …`, SubRip with a
    /// comma) and the text lines after it, without markup (`<v Speaker>`, `<i>`, inline times).
    /// Rolling captions repeat the line before; a repeat is dropped.
    static func cues(_ text: String) -> [Cue] {
        var cues: [Cue] = []
        var current: Cue?
        var previousLine = ""
        func close() {
            if let cue = current, !cue.text.isEmpty { cues.append(cue) }
            current = nil
        }
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.contains("-->"), let start = seconds(line.components(separatedBy: "-->")[0]) {
                close()
                current = Cue(start: start, text: "")
            } else if line.isEmpty {
                close()
            } else if current != nil {
                let clean = HTMLEntities.decode(line.replacing(/<[^>]*>/, with: "")).trimmingCharacters(in: .whitespaces)
                guard !clean.isEmpty, clean != previousLine else { continue }
                current!.text += (current!.text.isEmpty ? "" : " ") + clean
                previousLine = clean
            }
        }
        close()
        return cues
    }

    /// `01:02:03.500`, `02:03.500` (WebVTT without hours) or `01:02:03,500` (SubRip), in seconds.
    static func seconds(_ timing: String) -> Double? {
        let parts = timing.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".").split(separator: ":")
        // Digits only: no sign, no exponent, no "nan" — a timing is a place in a recording.
        guard (2...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") } }),
            let last = Double(parts.last!), last.isFinite, parts.dropLast().allSatisfy({ Int($0) != nil })
        else { return nil }
        return parts.dropLast().reduce(0) { $0 * 60 + Double(Int($1)!) } * 60 + last
    }
}
