import Foundation

/// Which failures are worth another attempt, and how long the server asked us to wait.
public enum RetryClassifier {
    /// Timeout, conflict, rate limit and server errors may succeed later; everything else
    /// (400, 401, 403, 404, 422…) will fail the same way again. A 429 that reports an
    /// exhausted quota or billing problem is not a rate limit: waiting does not help.
    public static func isRetryable(_ response: HTTPResponseData) -> Bool {
        switch response.status {
        case 408, 409: return true
        case 429: return !isQuotaExhausted(response)
        case 500...599: return true
        default: return false
        }
    }

    /// True for a 429 (or 402/403) body that says the account has no quota or credit left
    /// (OpenAI's `insufficient_quota`, "exceeded your current quota", billing errors).
    public static func isQuotaExhausted(_ response: HTTPResponseData) -> Bool {
        let body = response.text.lowercased()
        return ["insufficient_quota", "quota exceeded", "exceeded your current quota", "billing", "out of credits",
                "insufficient credits"].contains { body.contains($0) }
    }

    /// How long the server asked to wait: `retry-after-ms` (OpenAI, milliseconds), else
    /// `Retry-After` as seconds or as an HTTP date. Nil when absent or unreadable.
    public static func requestedDelay(_ response: HTTPResponseData, now: Date = Date()) -> Duration? {
        if let text = response.header("retry-after-ms")?.trimmingCharacters(in: .whitespaces),
            let ms = Double(text), ms.isFinite, ms >= 0
        {
            return .milliseconds(Int64(ms.rounded(.up)))
        }
        guard let text = response.header("retry-after")?.trimmingCharacters(in: .whitespaces), !text.isEmpty else {
            return nil
        }
        if let seconds = Double(text), seconds.isFinite, seconds >= 0 {
            return .milliseconds(Int64((seconds * 1000).rounded(.up)))
        }
        if let date = httpDate(text) {
            return .milliseconds(Int64(max(0, date.timeIntervalSince(now) * 1000).rounded(.up)))
        }
        return nil
    }

    /// Parses the IMF-fixdate form of RFC 9110 ("Sun, 06 Nov 1994 08:49:37 GMT") and the two
    /// obsolete forms servers still send.
    static func httpDate(_ text: String) -> Date? {
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}
