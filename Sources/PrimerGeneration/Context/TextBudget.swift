import PrimerCore

/// Shares a character budget among several texts and cuts the ones that do not fit, with a
/// visible marker so neither the model nor a reader mistakes a cut text for a whole one.
public enum TextBudget {
    public static func marker(_ omitted: Int) -> String {
        "[… \(omitted) more characters cut to fit the context budget …]"
    }

    /// Max-min fair: short texts keep all of their length; the rest share what is left equally.
    public static func fit(_ texts: [String], within budget: Int) -> [String] {
        var remaining = max(0, budget)
        // A text has no more Characters than UTF-8 bytes: when the bytes fit, everything fits.
        guard texts.reduce(0, { $0 + $1.utf8.count }) > remaining else { return texts }
        // Counting Characters walks the whole text, so each text is counted once.
        let counts = texts.map(\.count)
        guard counts.reduce(0, +) > remaining else { return texts }
        var allowance = Array(repeating: 0, count: texts.count)
        let order = texts.indices.sorted { counts[$0] < counts[$1] }
        for (position, index) in order.enumerated() {
            let share = remaining / (texts.count - position)
            allowance[index] = min(counts[index], share)
            remaining -= allowance[index]
        }
        return texts.indices.map { cut(texts[$0], to: allowance[$0], count: counts[$0]) }
    }

    /// Cuts at a line or word boundary when one is near, and appends the marker.
    public static func cut(_ text: String, to limit: Int) -> String {
        cut(text, to: limit, count: text.count)
    }

    /// `cut` with the text's Character count known.
    static func cut(_ text: String, to limit: Int, count: Int) -> String {
        guard count > limit else { return text }
        guard limit > 0 else { return text.isEmpty ? "" : marker(count) }
        var kept = String(text.prefix(limit))
        if let boundary = kept.lastIndex(where: { $0 == "\n" || $0 == " " }),
            kept.distance(from: kept.startIndex, to: boundary) > limit * 3 / 4 {
            kept = String(kept[..<boundary])
        }
        return kept + "\n" + marker(count - kept.count)
    }
}
