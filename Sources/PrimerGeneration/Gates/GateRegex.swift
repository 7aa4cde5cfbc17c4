import Foundation
import PrimerCore

/// An `NSRegularExpression` compiled once. `text.range(of: pattern, options:
/// .regularExpression)` compiles the pattern on every call; this matches the same way (no
/// regex options, no matching options, the whole string) without recompiling.
struct GateRegex: @unchecked Sendable {
    // NSRegularExpression is immutable and documented as safe to use from several threads.
    private let regex: NSRegularExpression

    init(_ pattern: String) {
        do {
            regex = try NSRegularExpression(pattern: pattern, options: [])
        } catch {
            preconditionFailure("invalid gate pattern \(pattern): \(error)")
        }
    }

    /// A pattern written by a user (a family's `pattern` gate): a bad one is an error to report
    /// with its file and line, not a crash.
    init(validating pattern: String) throws {
        regex = try NSRegularExpression(pattern: pattern, options: [])
    }

    /// Whether the pattern matches anywhere in `text`.
    func matches(_ text: String) -> Bool {
        regex.rangeOfFirstMatch(in: text, options: [], range: NSRange(location: 0, length: text.utf16.count)).location
            != NSNotFound
    }
}
