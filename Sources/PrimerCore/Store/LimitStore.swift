import Foundation

/// Events counted against a server's abuse limits (failed logins, sign-ups, generations,
/// questions to a model), kept in the store: a restart forgets none of them, and several servers
/// on one store count together. Each check and the event it records are one transaction, so
/// sixteen requests at once cannot all pass a limit of ten.
public protocol LimitStore: Sendable {
    /// Counts each of `check.counted`'s events since `date - check.window`; when `check.allows`
    /// those counts, records one event under each of `check.recorded` and returns their ids, else
    /// how long until the oldest counted event leaves the window.
    func admit(_ check: LimitCheck, at date: Date) async throws -> LimitDecision
    /// Takes back recorded events (a login attempt whose password was right is no failure).
    func forgetEvents(_ ids: [Int64]) async throws
    /// Removes every event under `key` (a right password clears that pair's failures).
    func clearEvents(key: String) async throws
}

public enum LimitStoreRules {
    /// How long an event is kept at all: every check's window is shorter, so older events are
    /// deleted by any check (the table stays the size of a day's traffic).
    public static let keptFor: TimeInterval = 86_400
}

public struct LimitCheck: Sendable {
    public var counted: [String]
    public var window: TimeInterval
    /// Given the counts of `counted`, in order: may the request go on?
    public var allows: @Sendable ([Int]) -> Bool
    public var recorded: [String]

    public init(counted: [String], window: TimeInterval, recorded: [String], allows: @escaping @Sendable ([Int]) -> Bool) {
        self.counted = counted
        self.window = window
        self.recorded = recorded
        self.allows = allows
    }

    /// One key: at most `limit` events in `window`, this one recorded under it.
    public static func atMost(_ limit: Int, of key: String, in window: TimeInterval) -> LimitCheck {
        LimitCheck(counted: [key], window: window, recorded: [key]) { $0[0] < limit }
    }
}

public enum LimitDecision: Sendable, Equatable {
    case admitted(events: [Int64])
    case refused(retryAfter: Int)

    /// Seconds to wait, from the oldest counted event's time: to the nearest second (SQLite keeps
    /// times to the millisecond), at least 1.
    public static func wait(oldest: Date?, window: TimeInterval, now: Date) -> Int {
        guard let oldest else { return Int(window) }
        return max(1, Int((window - max(0, now.timeIntervalSince(oldest))).rounded()))
    }
}
