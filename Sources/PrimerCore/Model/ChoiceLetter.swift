/// The letters that name a question's choices: A for the first, B for the second…
public enum ChoiceLetter {
    /// "A" for 0, "B" for 1, …; "?" outside A–Z.
    public static func of(_ index: Int) -> String {
        guard (0..<26).contains(index) else { return "?" }
        return String(UnicodeScalar(UInt8(65 + index)))
    }

    /// 0 for "A" (or "a", " b " is 1, …); nil for anything that is not one letter A–Z.
    public static func index(of letter: some StringProtocol) -> Int? {
        let trimmed = letter.trimmedWhitespace.uppercased()
        guard trimmed.count == 1, let scalar = trimmed.unicodeScalars.first, ("A"..."Z").contains(scalar) else { return nil }
        return Int(scalar.value) - 65
    }
}
