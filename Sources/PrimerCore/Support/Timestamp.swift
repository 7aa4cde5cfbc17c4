import Foundation

/// The one reader of instants a person or a client writes (`review rate --at`, an API field):
/// RFC 3339, the Internet profile of ISO 8601 — `2026-11-20T09:30:00Z`,
/// `2026-11-20T10:30:00.250+01:00` — with seconds optional (`2026-11-20T09:30Z`), `T` and `Z` in
/// either case (RFC 3339 §5.6), and nothing else. A zone is required: a time without one names no
/// instant. Every field is checked (no 29 February 2026, no offset of +25:00), so what is stored
/// is what was written, or the call fails with what to write instead.
public enum Timestamp {
    /// Why a text is not a timestamp, in words for the person who wrote it.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public let text: String
        public let reason: String
        public var description: String {
            "'\(text.excerpt(60))' is not a time: \(reason); write it as RFC 3339, e.g. 2026-11-20T09:30:00Z or 2026-11-20T10:30:00+01:00"
        }
    }

    public static func parse(_ text: String) throws(Failure) -> Date {
        var reader = Reader(Array(text.utf8))
        func fail(_ reason: String) -> Failure { Failure(text: text, reason: reason) }
        guard let year = reader.digits(4), reader.take("-"), let month = reader.digits(2), reader.take("-"), let day = reader.digits(2) else {
            throw fail("it does not start with a date written YYYY-MM-DD")
        }
        guard reader.take("T") || reader.take("t") else {
            throw fail(reader.atEnd ? "it has a date but no time of day" : "the date and the time must be separated by T")
        }
        guard let hour = reader.digits(2), reader.take(":"), let minute = reader.digits(2) else {
            throw fail("the time of day must be written hh:mm or hh:mm:ss")
        }
        var seconds = 0.0
        if reader.take(":") {
            guard let whole = reader.digits(2) else { throw fail("the seconds must be two digits") }
            seconds = Double(whole)
            if reader.take(".") {
                let start = reader.position
                var fraction = 0.0, scale = 0.1
                while let digit = reader.digit() {
                    fraction += Double(digit) * scale
                    scale /= 10
                }
                guard reader.position > start else { throw fail("a decimal point must be followed by digits") }
                seconds += fraction
            }
        }
        let offset: Int
        if reader.take("Z") || reader.take("z") {
            offset = 0
        } else if let sign = reader.sign() {
            guard let hours = reader.digits(2), reader.take(":"), let minutes = reader.digits(2) else {
                throw fail("the zone offset must be written +hh:mm or -hh:mm")
            }
            guard hours <= 23, minutes <= 59 else { throw fail("the zone offset \(sign > 0 ? "+" : "-")\(pad(hours)):\(pad(minutes)) is out of range") }
            offset = sign * (hours * 3_600 + minutes * 60)
        } else {
            throw fail(
                reader.atEnd
                    ? "it has no time zone (add Z for UTC, or an offset such as +01:00)"
                    : "a zone is written Z or as an offset such as +01:00, not as a name or in other words")
        }
        guard reader.atEnd else { throw fail("there is text after the zone") }
        guard (1...12).contains(month) else { throw fail("month \(month) does not exist") }
        guard (1...daysIn(month: month, year: year)).contains(day) else {
            throw fail("\(year)-\(pad(month)) has no day \(day)")
        }
        // A leap second (:60) has no Date of its own; it is refused rather than moved.
        guard hour <= 23, minute <= 59, seconds < 60 else { throw fail("\(pad(hour)):\(pad(minute)) is not a time of day") }
        let daysSinceEpoch = days(year: year, month: month, day: day)
        let local = Double(daysSinceEpoch) * 86_400 + Double(hour * 3_600 + minute * 60) + seconds
        return Date(timeIntervalSince1970: local - Double(offset))
    }

    /// The instant as RFC 3339 in UTC, to the second: how Primer writes the times it was given back.
    public static func format(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's days_from_civil).
    private static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// A cursor over the text's bytes (every accepted character is ASCII).
    private struct Reader {
        let bytes: [UInt8]
        var position = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { position == bytes.count }

        mutating func take(_ character: Character) -> Bool {
            guard !atEnd, let ascii = character.asciiValue, bytes[position] == ascii else { return false }
            position += 1
            return true
        }

        mutating func digit() -> Int? {
            guard !atEnd, (0x30...0x39).contains(bytes[position]) else { return nil }
            defer { position += 1 }
            return Int(bytes[position] - 0x30)
        }

        /// Exactly `count` digits.
        mutating func digits(_ count: Int) -> Int? {
            var value = 0
            for _ in 0..<count {
                guard let digit = digit() else { return nil }
                value = value * 10 + digit
            }
            return value
        }

        mutating func sign() -> Int? {
            if take("+") { return 1 }
            if take("-") { return -1 }
            return nil
        }
    }
}

extension ContinuousClock.Instant {
    /// Whole milliseconds from this instant to now.
    public func elapsedMs(_ clock: ContinuousClock) -> Int {
        let elapsed = clock.now - self
        return Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
    }
}
