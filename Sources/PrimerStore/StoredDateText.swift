import Foundation
import GRDB

/// The text GRDB stores a date as (`Date.databaseValue`: "yyyy-MM-dd HH:mm:ss.SSS", UTC), written
/// without its `DateFormatter`: formatting each new row's date there was a fiftieth of Primer's
/// own CPU a generation call (`primer-bench overhead`). The milliseconds are rounded as the
/// formatter rounds them (Foundation hands ICU (t + 978,307,200) × 1,000 + 0.5 ms, t counted
/// from 2001, and ICU floors it). `StoredDateTextTests` holds the two equal on random dates.
enum StoredDateText {
    static func of(_ date: Date) -> String {
        let milliseconds = ((date.timeIntervalSinceReferenceDate + 978_307_200) * 1000 + 0.5).rounded(.down)
        // Years 1970 to 9999, four digits each; any other date as GRDB writes it.
        guard milliseconds >= 0, milliseconds < 253_402_300_800_000 else {
            return String.fromDatabaseValue(date.databaseValue) ?? ""
        }
        let total = Int64(milliseconds)
        let (seconds, millisecond) = total.quotientAndRemainder(dividingBy: 1000)
        let (days, secondOfDay) = seconds.quotientAndRemainder(dividingBy: 86_400)
        // Days since 1970 to a civil date (H. Hinnant's `civil_from_days`, for days ≥ 0).
        let shifted = days + 719_468
        let era = shifted / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(23)
        func digits(_ value: Int64, _ count: Int) {
            var divisor: Int64 = 1
            for _ in 1..<count { divisor *= 10 }
            while divisor > 0 {
                bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
                divisor /= 10
            }
        }
        digits(year, 4); bytes.append(UInt8(ascii: "-"))
        digits(month, 2); bytes.append(UInt8(ascii: "-"))
        digits(day, 2); bytes.append(UInt8(ascii: " "))
        digits(secondOfDay / 3600, 2); bytes.append(UInt8(ascii: ":"))
        digits(secondOfDay % 3600 / 60, 2); bytes.append(UInt8(ascii: ":"))
        digits(secondOfDay % 60, 2); bytes.append(UInt8(ascii: "."))
        digits(millisecond, 3)
        return String(decoding: bytes, as: UTF8.self)
    }
}
