import Foundation

/// Perplexity answers in the documented shapes (../shared/reference/providers.md): the Agent
/// API's `object: response` and the legacy Sonar chat completion, for the adapter's contract
/// tests and the CLI's end-to-end tests.
public enum PerplexityAnswers {
    public static var sources: [[String: Any]] { [
        [
            "id": 1, "url": "https://en.wikipedia.org/wiki/Photosynthesis", "title": "Photosynthesis - Wikipedia",
            "snippet": "Photosynthesis is a process used by plants to convert light energy into chemical energy.", "date": "2025-03-01",
        ],
        [
            "id": 2, "url": "https://www.britannica.com/science/photosynthesis", "title": "Photosynthesis | Britannica",
            "snippet": "Photosynthesis, the process by which green plants transform light energy.", "date": "2024-11-20",
        ],
    ] }

    /// An Agent API response (`object: response`).
    public static func agent(
        text: [String] = ["Photosynthesis turns light into chemical energy [1]. ", "It happens in chloroplasts [2]."],
        sources: [[String: Any]] = Self.sources, status: String = "completed", incomplete: String? = nil, error: [String: Any]? = nil, totalCost: Double? = 0.006365
    ) -> [String: Any] {
        var cost: [String: Any] = ["input_cost": 0.00012, "output_cost": 0.000245, "tool_calls_cost": 0.006, "currency": "USD"]
        if let totalCost { cost["total_cost"] = totalCost }
        var body: [String: Any] = [
            "id": "resp_0123", "object": "response", "created_at": 1_764_000_000, "model": "perplexity/sonar", "status": status,
            "output": [
                ["type": "search_results", "queries": ["photosynthesis"], "results": sources],
                [
                    "type": "message", "id": "msg_1", "role": "assistant", "status": status == "completed" ? "completed" : "in_progress",
                    "content": text.map { ["type": "output_text", "text": $0, "annotations": [] as [Any]] },
                ],
            ],
            "usage": [
                "input_tokens": 1200, "output_tokens": 245, "total_tokens": 1445,
                "input_tokens_details": ["cache_read_input_tokens": 100], "cost": cost,
            ],
        ]
        if let incomplete { body["incomplete_details"] = ["reason": incomplete] }
        if let error { body["error"] = error }
        return body
    }

    /// A legacy Sonar chat completion. `citations` defaults to the sources' URLs in another order plus one URL they lack, so
    /// the adapter's merge of the two lists is exercised.
    public static func sonar(
        content: String = "Photosynthesis turns light into chemical energy [1][2].", finish: String = "stop",
        sources: [[String: Any]] = Self.sources,
        citations: [String] = [
            "https://www.britannica.com/science/photosynthesis", "https://en.wikipedia.org/wiki/Photosynthesis",
            "https://www.nationalgeographic.org/photosynthesis",
        ]
    ) -> [String: Any] {
        [
            "id": "0a1b2c", "model": "sonar", "object": "chat.completion", "created": 1_764_000_000,
            "citations": citations,
            "search_results": sources.map { source in
                source.filter { $0.key != "id" }.merging(["last_updated": "2025-04-01"]) { a, _ in a }
            },
            "choices": [
                ["index": 0, "finish_reason": finish, "message": ["role": "assistant", "content": content]]
            ],
            "usage": [
                "prompt_tokens": 900, "completion_tokens": 180, "total_tokens": 1080, "search_context_size": "low",
                "cost": ["input_tokens_cost": 0.0009, "output_tokens_cost": 0.00018, "request_cost": 0.005, "total_cost": 0.00608],
            ],
        ]
    }
}
