import Foundation
import PrimerCore
import Testing

/// `Timestamp.parse`: RFC 3339 with a zone, seconds optional, every field checked.
@Suite struct TimestampTests {
    static func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Double = 0) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let whole = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!
        return whole.addingTimeInterval(second)
    }

    @Test(arguments: [
        ("2026-11-20T09:30:00Z", utc(2026, 11, 20, 9, 30)),
        ("2026-11-23T09:30Z", utc(2026, 11, 23, 9, 30)),
        ("2026-11-22t09:30:00z", utc(2026, 11, 22, 9, 30)),
        ("2026-11-20T10:30:00+01:00", utc(2026, 11, 20, 9, 30)),
        ("2026-11-20T04:00-05:30", utc(2026, 11, 20, 9, 30)),
        ("2026-11-20T09:30:15.250Z", utc(2026, 11, 20, 9, 30, 15.25)),
        ("2024-02-29T10:00:00Z", utc(2024, 2, 29, 10, 0)),
        ("2000-02-29T00:00:00Z", utc(2000, 2, 29, 0, 0)),
        ("1970-01-01T00:00:00Z", Date(timeIntervalSince1970: 0)),
        ("1969-12-31T23:59:59Z", Date(timeIntervalSince1970: -1)),
    ])
    func readsTheInstantWritten(_ text: String, _ expected: Date) throws {
        #expect(try Timestamp.parse(text) == expected)
    }

    @Test(arguments: [
        ("2026-11-20T09:30:00", "no time zone"),
        ("2026-11-20 09:30", "separated by T"),
        ("2026-11-20", "no time of day"),
        ("2026-11-24T10:00:00 Europe/Paris", "not as a name"),
        ("2026-02-29T10:00:00Z", "has no day 29"),
        ("1900-02-29T10:00:00Z", "has no day 29"),
        ("2026-04-31T10:00:00Z", "has no day 31"),
        ("2026-13-01T10:00:00Z", "month 13"),
        ("2026-11-20T10:00:00+25:00", "out of range"),
        ("2026-11-20T10:00:00+01:60", "out of range"),
        ("2026-11-20T24:00:00Z", "not a time of day"),
        ("2026-11-20T23:60:00Z", "not a time of day"),
        ("2026-11-20T23:59:60Z", "not a time of day"),
        ("2026-11-20T10:00:00.Z", "followed by digits"),
        ("2026-11-20T10:00:00Zjunk", "after the zone"),
        ("2026-11-20T10:00:00+0100", "+hh:mm"),
        ("yesterday", "YYYY-MM-DD"),
        ("", "YYYY-MM-DD"),
        ("２０２６-11-20T10:00:00Z", "YYYY-MM-DD"),
    ])
    func refusesWithTheReason(_ text: String, _ reason: String) {
        #expect {
            try Timestamp.parse(text)
        } throws: { error in
            let message = "\(error)"
            return message.contains(reason) && message.contains("RFC 3339")
        }
    }

    @Test func formatsWhatItReadsBack() throws {
        for seconds in stride(from: -2_000_000_000.0, through: 4_000_000_000, by: 123_456_789) {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(try Timestamp.parse(Timestamp.format(date)) == date)
        }
    }

    @Test func aLongTextIsQuotedShort() {
        let text = String(repeating: "9", count: 2_000)
        #expect {
            try Timestamp.parse(text)
        } throws: { error in
            "\(error)".count < 300
        }
    }
}
