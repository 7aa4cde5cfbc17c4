import Foundation

/// One spelling for titles that look the same. "Café" typed as é (NFC) or as e + combining
/// accent (NFD, what macOS file names and some keyboards give), or pasted with a zero-width
/// space inside, looks identical on screen but compares different, which made two subjects.
/// Titles are normalised where they enter (the store, batch files, the pipeline), and subjects
/// are found by `key`.
public enum SubjectTitle {
    /// The title as stored and shown: NFC, invisible format characters (Unicode category Cf:
    /// zero-width space, byte order mark, soft hyphen, direction marks…) removed, runs of
    /// whitespace made one space, trimmed. Zero-width joiner and non-joiner stay: they change
    /// how some scripts (Persian, Indic) and emoji are drawn.
    public static func normalized(_ title: String) -> String {
        clean(title, keepJoiners: true)
    }

    /// What subjects are found by: `normalized` without any format character, lowercased.
    public static func key(_ title: String) -> String {
        clean(title, keepJoiners: false).lowercased()
    }

    private static func clean(_ title: String, keepJoiners: Bool) -> String {
        var scalars = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in title.precomposedStringWithCanonicalMapping.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !scalars.isEmpty
                continue
            }
            if scalar.properties.generalCategory == .format && !(keepJoiners && (scalar == "\u{200C}" || scalar == "\u{200D}")) {
                continue
            }
            if pendingSpace {
                scalars.append(" ")
                pendingSpace = false
            }
            scalars.append(scalar)
        }
        // Removing a format character can leave a base and a combining mark side by side.
        return String(scalars).precomposedStringWithCanonicalMapping
    }
}
