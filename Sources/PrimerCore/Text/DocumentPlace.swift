/// Where in a document a passage is, as a learner finds it again: pages in a paged document
/// ("p. 3", "pp. 3–5", `#page=3`), and in a lecture recording or its transcript — whose pages are
/// its minutes — the time ("at 12:00", "12:00–14:59", `#t=720`, a media fragment). One rule for
/// every label and citation.
public enum DocumentPlace {
    /// The extensions of timed documents: transcripts (`.vtt`, `.srt`) and recordings.
    public static let timedExtensions: Set<String> = ["vtt", "srt", "wav", "mp3", "m4a", "ogg", "oga", "opus", "flac", "webm"]

    /// A page of a timed document is this many seconds of it.
    public static let secondsPerPage = 60

    public static func isTimed(_ document: String) -> Bool {
        guard let dot = document.lastIndex(of: ".") else { return false }
        return timedExtensions.contains(document[document.index(after: dot)...].lowercased())
    }

    /// "p. 3" / "pp. 3–5", or for a timed document "at 2:00" / "2:00–4:59" (page 1 is 0:00–0:59).
    public static func label(document: String, first: Int, last: Int? = nil) -> String {
        let last = last.flatMap { $0 > first ? $0 : nil }
        guard isTimed(document) else { return last.map { "pp. \(first)–\($0)" } ?? "p. \(first)" }
        let start = clock((first - 1) * secondsPerPage)
        return last.map { "\(start)–\(clock($0 * secondsPerPage - 1))" } ?? "at \(start)"
    }

    /// The URI fragment of a page: `page=3`, or `t=120` (seconds) for a timed document.
    public static func fragment(document: String, page: Int) -> String {
        isTimed(document) ? "t=\((page - 1) * secondsPerPage)" : "page=\(page)"
    }

    /// The page of a timed document that holds `seconds`.
    public static func page(atSecond seconds: Double) -> Int {
        guard seconds.isFinite else { return 1 }
        return Int(min(max(0, seconds), 1e12) / Double(secondsPerPage)) + 1
    }

    /// "4:05" or "1:02:03".
    public static func clock(_ seconds: Int) -> String {
        let (hours, minutes, rest) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
        let mmss = (hours > 0 ? String(format: "%02d", minutes) : "\(minutes)") + ":" + String(format: "%02d", rest)
        return hours > 0 ? "\(hours):\(mmss)" : mmss
    }
}
