import Foundation
import PrimerCore

/// The due reviews of a learner as an iCalendar feed (RFC 5545) that calendar apps subscribe to:
/// one all-day event per day with reviews due — today's with the overdue ones — saying how many,
/// per subject. The reminder the seeds ask for, without a push service: the calendar app reminds.
public enum DueCalendar {
    /// The feed of `forecast` (one learner's subjects) as of `now`, for `days` days; `owner`
    /// keeps each event's UID stable across fetches, so apps update an event, not add one.
    public static func ics(_ forecast: [DueForecast], owner: SubjectOwner, now: Date, calendar: Calendar = .current) -> String {
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Primer//Due reviews//EN", "CALSCALE:GREGORIAN", "METHOD:PUBLISH",
            "X-WR-CALNAME:Primer reviews", "REFRESH-INTERVAL;VALUE=DURATION:PT6H", "X-PUBLISHED-TTL:PT6H",
        ]
        let today = calendar.startOfDay(for: now)
        let days = forecast.first?.days.count ?? 0
        for offset in 0...days {
            let counts = forecast.compactMap { subject -> (String, Int)? in
                let due = offset == 0 ? subject.dueToday : subject.days[offset - 1].due
                return due > 0 ? (subject.subject, due) : nil
            }
            let total = counts.reduce(0) { $0 + $1.1 }
            guard total > 0, let start = calendar.date(byAdding: .day, value: offset, to: today),
                let end = calendar.date(byAdding: .day, value: 1, to: start)
            else { continue }
            let day = date(start, calendar)
            lines += [
                "BEGIN:VEVENT",
                "UID:primer-\(owner.id)-\(day)@primer",
                "DTSTAMP:\(stamp(now))",
                "DTSTART;VALUE=DATE:\(day)",
                "DTEND;VALUE=DATE:\(date(end, calendar))",
                "SUMMARY:" + text("Primer: \(total) review\(total == 1 ? "" : "s") due"),
                "DESCRIPTION:" + text(counts.map { "\($0.0): \($0.1)" }.joined(separator: "\n")),
                "TRANSP:TRANSPARENT",
                "END:VEVENT",
            ]
        }
        lines.append("END:VCALENDAR")
        return lines.map(fold).joined(separator: "\r\n") + "\r\n"
    }

    /// A TEXT value: backslash, semicolon, comma and line breaks escaped (RFC 5545 §3.3.11).
    static func text(_ value: String) -> String {
        var escaped = ""
        for character in value {
            switch character {
            case "\\": escaped += "\\\\"
            case ";": escaped += "\\;"
            case ",": escaped += "\\,"
            case "\n", "\r\n", "\r": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// A content line folded at 75 octets (§3.1): CRLF and a space, never inside a character.
    static func fold(_ line: String) -> String {
        var folded = ""
        var width = 0
        for character in line {
            let octets = String(character).utf8.count
            if width + octets > 75 {
                folded += "\r\n "
                width = 1
            }
            folded.append(character)
            width += octets
        }
        return folded
    }

    static func date(_ day: Date, _ calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: day)
        return String(format: "%04d%02d%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    static func stamp(_ instant: Date) -> String {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let parts = utc.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
        return String(
            format: "%04d%02d%02dT%02d%02d%02dZ", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }
}

extension Workspace {
    /// The owner's due reviews for the next `days` days as an iCalendar feed (`DueCalendar`).
    public func dueCalendar(days: Int = 30, now: Date = Date()) async throws -> String {
        DueCalendar.ics(try await dueForecast(days: days, now: now), owner: owner, now: now)
    }
}
