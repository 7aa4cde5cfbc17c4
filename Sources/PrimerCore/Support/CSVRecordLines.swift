/// The line each record of a CSV text starts on, read with SwiftCSV's rules (a quote opens a
/// field only at its start; `""` inside quotes is a quote; any newline Character ends a record
/// outside quotes), so that SwiftCSV's rows and these lines correspond.
///
/// SwiftCSV takes a quote that is never closed to run to the end of the file: every record
/// after it becomes part of one field, and the batch would run with a title made of the rest
/// of the file. This scan finds that quote and names its line.
public enum CSVRecordLines {
    public struct UnclosedQuote: Error {
        /// The line (from 1) where the quoted field opens.
        public var line: Int
    }

    /// Start lines of the records, header first. A trailing newline adds one more start, with no
    /// record after it.
    public static func starts(of text: String, delimiter: Character = ",") throws(UnclosedQuote) -> [Int] {
        enum State { case fieldStart, unquoted, quoted, afterQuote }
        var state = State.fieldStart
        var line = 1
        var quoteLine = 1
        var starts = [1]
        for char in text {
            switch state {
            case .fieldStart, .unquoted, .afterQuote:
                if char == delimiter {
                    state = .fieldStart
                } else if char.isNewline {
                    line += 1
                    starts.append(line)
                    state = .fieldStart
                } else if state == .fieldStart && char == "\"" {
                    state = .quoted
                    quoteLine = line
                } else if state == .afterQuote && char == "\"" {
                    state = .quoted  // "" inside a quoted field
                } else if !(state == .fieldStart && char.isWhitespace) {
                    state = state == .afterQuote && char.isWhitespace ? .afterQuote : .unquoted
                }
            case .quoted:
                if char == "\"" {
                    state = .afterQuote
                } else if char.isNewline {
                    line += 1
                }
            }
        }
        if state == .quoted { throw UnclosedQuote(line: quoteLine) }
        return starts
    }
}
