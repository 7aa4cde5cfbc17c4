extension StringProtocol {
    /// The text without leading and trailing white space and line breaks (Unicode White_Space).
    /// Read from the scalars' properties: Foundation's `trimmingCharacters(in:)` bridges the
    /// whole string on every call, and parsers trim every line of every answer.
    public var trimmedWhitespace: String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(self[start..<scalars.index(after: end)])
    }
}

extension StringProtocol {
    /// The text without spaces and tabs at either end (Unicode's space separators, Zs, U+0009,
    /// and U+200B, which Foundation counts too): what `trimmingCharacters(in: .whitespaces)`
    /// keeps, without copying the text to an NSString. Line breaks stay.
    public var trimmedSpaces: String {
        let scalars = unicodeScalars
        func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar == "\t" || scalar == "\u{200B}" || scalar.properties.generalCategory == .spaceSeparator }
        guard let start = scalars.firstIndex(where: { !isSpace($0) }), let end = scalars.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(self[start..<scalars.index(after: end)])
    }
}

extension StringProtocol {
    /// At most `limit` characters of the text, with "…" when some were left out: how a message
    /// quotes what a person typed (a 2,000-character key is not echoed whole).
    public func excerpt(_ limit: Int) -> String {
        count <= limit ? String(self) : String(prefix(limit)) + "…"
    }
}
