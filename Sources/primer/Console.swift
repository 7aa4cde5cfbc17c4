import Foundation
import PrimerCore
import PrimerRendering

/// What the CLI prints for people. Titles, model text and provider errors are untrusted, so
/// every human-readable line passes through `TerminalSafe` (an ESC sequence is shown as `^[…`
/// instead of retitling the window or clearing the screen). JSON output is printed as it is:
/// JSON escapes control characters itself.
enum Console {
    static func out(_ text: String, terminator: String = "\n") {
        print(TerminalSafe.text(text), terminator: terminator)
    }

    /// `--json` output: sorted keys, pretty, dates in ISO 8601.
    static func json(_ value: some Encodable) throws {
        let encoder = OutputJSON.encoder()
        encoder.dateEncodingStrategy = .iso8601
        print(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data(TerminalSafe.text(text).utf8))
    }
}
