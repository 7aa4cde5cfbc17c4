import Foundation
import GRDB
import Testing
@testable import PrimerStore

/// `StoredDateText` writes a date as GRDB's `DateFormatter` does (`Date.databaseValue`).
struct StoredDateTextTests {
    @Test func aDateIsWrittenAsGRDBWritesIt() {
        var dates = [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 0.0005), Date(timeIntervalSince1970: 951_782_400),  // 2000-02-29
                     Date(timeIntervalSince1970: 253_402_300_799.999), Date(timeIntervalSince1970: 253_402_300_800), Date(timeIntervalSince1970: -1.5),
                     Date(timeIntervalSince1970: 346_629_875.6845), Date(), Date.distantPast, Date.distantFuture]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<100_000 {
            // Whole milliseconds and halves, where rounding shows, and any instant.
            let seconds = Double(Int64.random(in: 0..<4_102_444_800, using: &generator))
            let fraction = Bool.random(using: &generator)
                ? (Double(Int.random(in: 0...999, using: &generator)) + 0.5) / 1000
                : Double.random(in: 0..<1, using: &generator)
            dates.append(Date(timeIntervalSince1970: seconds + fraction))
        }
        for date in dates {
            #expect(StoredDateText.of(date) == String.fromDatabaseValue(date.databaseValue), "\(date.timeIntervalSinceReferenceDate)")
        }
    }
}
