import Foundation
import Testing

@testable import PrimerServer

/// The API writes dates as the OpenAPI runtime's transcoder did (an `ISO8601DateFormatter` with
/// its default options), and reads back what it writes.
@Suite struct APIDatesTests {
    @Test func datesAreWrittenAsTheRuntimesFormatterWritesThem() throws {
        let formatter = ISO8601DateFormatter()
        var generator = SystemRandomNumberGenerator()
        let moments = (0..<5_000).map { _ in Double.random(in: -2_000_000_000...4_000_000_000, using: &generator) }
            + [0, -0.5, 0.999, 1_800_000_000.9999, 1_800_000_000.9995, 1_800_000_000.99949, -1.0005, -0.0004, -0.0005, -1.0015, -2.4995, 951_782_400 /* 2000-02-29 */, 4_107_542_399.5 /* 2100-02-28T23:59:59.5 */]
        for seconds in moments {
            let date = Date(timeIntervalSince1970: seconds)
            let written = try APIDates().encode(date)
            #expect(written == formatter.string(from: date), "\(seconds)")
            #expect(try APIDates().decode(written) == formatter.date(from: written))
        }
    }
}
