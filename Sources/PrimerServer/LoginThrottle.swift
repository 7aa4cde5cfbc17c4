import Foundation

/// Failed logins per email and per client address in a sliding window: past the limit, logins
/// are refused (429) before any password is checked, until the oldest failure leaves the window.
actor LoginThrottle {
    let limit: Int
    let window: TimeInterval
    private var failures: [String: [Date]] = [:]

    init(limit: Int, window: TimeInterval = 15 * 60) {
        self.limit = limit
        self.window = window
    }

    /// Seconds to wait before trying again, or nil when a login may be tried now.
    func wait(for keys: [String], now: Date = Date()) -> Int? {
        let waits = keys.compactMap { key -> TimeInterval? in
            let recent = (failures[key] ?? []).filter { now.timeIntervalSince($0) < window }
            failures[key] = recent.isEmpty ? nil : recent
            guard recent.count >= limit, let oldest = recent.first else { return nil }
            return window - now.timeIntervalSince(oldest)
        }
        return waits.max().map { max(1, Int($0.rounded(.up))) }
    }

    func failed(_ keys: [String], now: Date = Date()) {
        for key in keys { failures[key, default: []].append(now) }
    }

    func succeeded(_ key: String) {
        failures[key] = nil
    }
}
