import PrimerCore

/// Generation statistics of one family from its provenance records (usually one record per case
/// and family; several are averaged or summed as stated).
///
/// - `first_try_pass_rate` = records whose first attempt was accepted / records that asked the
///   model (a plan made from a document's outline asked none; absent when no record did);
/// - `mean_attempts` = mean number of attempts per record that asked the model;
/// - `failure_rate` = records with status `failed` / records;
/// - `drop_rate` = dropped / (kept + dropped), where dropped = items the gates dropped in the
///   accepted attempts (`AttemptRecord.dropped`) and kept = the items of the stored output
///   (`keptItems`); absent when both are 0 or `keptItems` is not given;
/// - `prompt_tokens`, `completion_tokens`, `total_tokens`, `latency_ms` = sums over every attempt
///   of every record; `cost` = sum of reported costs, absent when no attempt reported one;
/// - `repeated_retry_rate` = retries (answered attempts after the first) whose answer repeated an
///   earlier attempt's word for word / retries; absent without retries;
/// - `prompt_tokens_cached` = prompt tokens the server reused from its cache (sum), and
///   `processed_prompt_tokens` = prompt − cached: what the server actually had to compute.
public struct GenerationStatsScorer: Sendable {
    public init() {}

    /// Every metric this scorer can give.
    public static let metrics: Set<String> = [
        "first_try_pass_rate", "mean_attempts", "failure_rate", "drop_rate", "prompt_tokens", "prompt_tokens_cached",
        "processed_prompt_tokens", "completion_tokens", "total_tokens", "latency_ms", "cost", "repeated_retry_rate",
    ]

    public func score(records: [GenerationRecord], keptItems: Int? = nil) -> MetricValues {
        guard !records.isEmpty else { return [:] }
        let n = Double(records.count)
        var m: MetricValues = [:]
        // A plan made from a document's outline asked no model: it has no attempts to rate.
        let asked = records.filter { !$0.attempts.isEmpty }
        if !asked.isEmpty {
            m["first_try_pass_rate"] = Double(asked.filter { $0.attempts.first?.status == .accepted }.count) / Double(asked.count)
            m["mean_attempts"] = Double(asked.reduce(0) { $0 + $1.attempts.count }) / Double(asked.count)
        }
        m["failure_rate"] = Double(records.filter { $0.status == .failed }.count) / n
        if let keptItems {
            let dropped = records.flatMap(\.attempts).filter { $0.status == .accepted }.reduce(0) { $0 + $1.dropped.count }
            if keptItems + dropped > 0 { m["drop_rate"] = Double(dropped) / Double(keptItems + dropped) }
        }
        let retries = records.flatMap(\.attempts).filter { $0.number > 1 && $0.status != .error }
        let repeated = records.flatMap(\.attempts).filter { $0.repeatsAttempt != nil }.count
        if !retries.isEmpty { m["repeated_retry_rate"] = Double(repeated) / Double(retries.count) }
        let usage = records.reduce(TokenUsage()) { $0 + $1.usage }
        m["prompt_tokens"] = Double(usage.promptTokens)
        m["prompt_tokens_cached"] = Double(usage.cachedPromptTokens)
        m["processed_prompt_tokens"] = Double(usage.promptTokens - usage.cachedPromptTokens)
        m["completion_tokens"] = Double(usage.completionTokens)
        m["total_tokens"] = Double(usage.promptTokens + usage.completionTokens)
        m["latency_ms"] = Double(records.reduce(0) { $0 + $1.latencyMs })
        let costs = records.compactMap(\.cost)
        if !costs.isEmpty { m["cost"] = Cost.sum(costs) }
        return m
    }
}
