import Foundation

extension RetryPolicy {
    /// The manifest keys of a `retry:` mapping.
    public static let manifestKeys = ["max_attempts", "base_delay_ms", "max_delay_ms", "max_wait_ms"]

    /// Reads `retry: {max_attempts: 4, base_delay_ms: 500, max_delay_ms: 20000, max_wait_ms: 60000}`
    /// from a settings mapping; keys left out keep the standard values. Nil when absent.
    public static func read(_ key: String, from settings: ManifestSettings) throws -> RetryPolicy? {
        guard let node = settings.value(key) else { return nil }
        guard node.mapping != nil else {
            throw ProviderConfigError.badType(
                file: settings.file.path, line: node.mark?.line ?? settings.lineOf(key), key: settings.qualified(key),
                expected: "a mapping like `{max_attempts: 4, base_delay_ms: 500}`", got: ManifestSettings.show(node))
        }
        let reader = ManifestSettings(node: node, file: settings.file, section: settings.qualified(key), line: node.mark?.line)
        try reader.rejectUnknownKeys(allowed: manifestKeys)
        let standard = RetryPolicy.standard
        return RetryPolicy(
            maxAttempts: try reader.int("max_attempts", minimum: 1) ?? standard.maxAttempts,
            baseDelay: try reader.int("base_delay_ms", minimum: 0).map { .milliseconds($0) } ?? standard.baseDelay,
            maxDelay: try reader.int("max_delay_ms", minimum: 0).map { .milliseconds($0) } ?? standard.maxDelay,
            maxServerWait: try reader.int("max_wait_ms", minimum: 0).map { .milliseconds($0) } ?? standard.maxServerWait)
    }
}
