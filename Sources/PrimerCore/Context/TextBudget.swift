/// Shares a character budget among several texts and cuts the ones that do not fit, with a
/// visible marker so neither the model nor a reader mistakes a cut text for a whole one.
public enum TextBudget {
    public static func marker(_ omitted: Int) -> String {
        "[… \(omitted) more characters cut to fit the context budget …]"
    }

    /// Max-min fair: short texts keep all of their length; the rest share what is left equally.
    public static func fit(_ texts: [String], within budget: Int) -> [String] {
        var allowance = Array(repeating: 0, count: texts.count)
        var remaining = max(0, budget)
        let order = texts.indices.sorted { texts[$0].count < texts[$1].count }
        for (position, index) in order.enumerated() {
            let share = remaining / (texts.count - position)
            allowance[index] = min(texts[index].count, share)
            remaining -= allowance[index]
        }
        return texts.indices.map { cut(texts[$0], to: allowance[$0]) }
    }

    /// Cuts at a line or word boundary when one is near, and appends the marker.
    public static func cut(_ text: String, to limit: Int) -> String {
        guard text.count > limit else { return text }
        guard limit > 0 else { return text.isEmpty ? "" : marker(text.count) }
        var kept = String(text.prefix(limit))
        if let boundary = kept.lastIndex(where: { $0 == "\n" || $0 == " " }),
            kept.distance(from: kept.startIndex, to: boundary) > limit * 3 / 4 {
            kept = String(kept[..<boundary])
        }
        return kept + "\n" + marker(text.count - kept.count)
    }
}
