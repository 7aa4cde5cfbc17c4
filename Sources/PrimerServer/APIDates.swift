import Foundation
import OpenAPIRuntime

/// The API's dates as RFC 3339 text in UTC, whole seconds ("2026-11-28T23:55:00Z"), as the
/// runtime's `ISO8601DateTranscoder` writes them — formatted by `Date.ISO8601FormatStyle`, which
/// takes no lock and builds no `NSDateFormatter`: the runtime's formatter was 2 % of the server's
/// CPU on the study routes (BENCHMARKS.md (ad)). Reading keeps the runtime's transcoder, which
/// accepts every offset a client may send. `APIDatesTests` holds the two equal.
struct APIDates: DateTranscoder {
    private static let reading = ISO8601DateTranscoder()
    private static let style = Date.ISO8601FormatStyle()

    /// The formatter works in whole milliseconds (ICU's): 08:00:00.9996 is 08:00:01.000 and
    /// written "08:00:01Z", where the style alone would write "08:00:00Z".
    func encode(_ date: Date) throws -> String {
        // As CFDateFormatter computes it: floor(t · 1000 + 0.5) (halves up, also before 1970).
        let milliseconds = (date.timeIntervalSince1970 * 1000 + 0.5).rounded(.down)
        return Self.style.format(Date(timeIntervalSince1970: (milliseconds / 1000).rounded(.down)))
    }

    func decode(_ text: String) throws -> Date { try Self.reading.decode(text) }
}
