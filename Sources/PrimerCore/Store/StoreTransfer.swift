import Foundation

/// Moving a whole store between engines (`primer store copy`): every table's rows, with their ids,
/// as plain values. Work claims are not copied: they belong to the runs of the old store.
public protocol StoreTransfer: Sendable {
    /// Every row of `table`, in key order, with the columns `StoreTables.columns(of:)` lists.
    func rows(of table: StoreTables.Table) async throws -> [[StoreValue]]
    /// Stores `rows` (every table, parents first) in this store, which must hold no subject and no
    /// cached answer, in one transaction: all of it is stored, or nothing.
    func load(_ rows: [(table: StoreTables.Table, rows: [[StoreValue]])]) async throws
}

/// One stored value, as both engines can write it.
public enum StoreValue: Sendable, Equatable {
    case null
    case int(Int64)
    case double(Double)
    case text(String)
    case date(Date)
    case bool(Bool)
}

/// The tables a store copy moves and their columns, parents first: the schema both engines share.
public enum StoreTables {
    public enum ColumnType: Sendable { case int, double, text, date, bool }

    public struct Table: Sendable, Equatable {
        public var name: String
        public var columns: [(name: String, kind: ColumnType)]
        /// The columns rows are read in order of.
        public var key: String

        public static func == (a: Table, b: Table) -> Bool { a.name == b.name }
    }

    public static let all: [Table] = [
        Table(
            name: "accounts",
            columns: [("id", .int), ("name", .text), ("email", .text), ("email_key", .text), ("password_hash", .text), ("created_at", .date)],
            key: "id"),
        Table(
            name: "sessions",
            columns: [("token_hash", .text), ("account_id", .int), ("created_at", .date), ("expires_at", .date)], key: "token_hash"),
        Table(name: "calendar_feeds", columns: [("account_id", .int), ("token_hash", .text), ("created_at", .date)], key: "account_id"),
        Table(
            name: "subjects",
            columns: [("id", .int), ("title", .text), ("title_key", .text), ("notes", .text), ("kind", .text), ("instructions", .text),
                ("created_at", .date), ("updated_at", .date), ("owner_id", .int), ("color", .text), ("icon", .text)], key: "id"),
        Table(
            name: "jobs",
            columns: [("id", .int), ("owner_id", .int), ("subject_id", .int), ("request", .text), ("status", .text), ("message", .text),
                ("created_at", .date), ("updated_at", .date)], key: "id"),
        Table(
            name: "documents",
            columns: [("id", .int), ("subject_id", .int), ("name", .text), ("format", .text), ("content_hash", .text), ("text", .text),
                ("created_at", .date)], key: "id"),
        Table(name: "topics", columns: [("id", .int), ("subject_id", .int), ("position", .int), ("title", .text), ("overview", .text)], key: "id"),
        Table(name: "subtopics", columns: [("id", .int), ("topic_id", .int), ("position", .int), ("title", .text)], key: "id"),
        Table(
            name: "generations",
            columns: [("id", .int), ("subject_id", .int), ("subtopic_id", .int), ("family", .text), ("family_version", .int),
                ("family_hash", .text), ("provider", .text), ("model", .text), ("status", .text), ("error", .text), ("attempts", .int),
                ("prompt_tokens", .int), ("completion_tokens", .int), ("cached_prompt_tokens", .int), ("cost", .double),
                ("latency_ms", .int), ("created_at", .date)], key: "id"),
        Table(
            name: "attempts",
            columns: [("id", .int), ("generation_id", .int), ("number", .int), ("status", .text), ("reasons", .text), ("dropped", .text),
                ("prompt_tokens", .int), ("completion_tokens", .int), ("cached_prompt_tokens", .int), ("cost", .double),
                ("latency_ms", .int), ("finish_reason", .text)], key: "id"),
        Table(
            name: "citations",
            columns: [("id", .int), ("generation_id", .int), ("position", .int), ("url", .text), ("title", .text), ("snippet", .text)],
            key: "id"),
        Table(
            name: "items",
            columns: [("id", .int), ("subtopic_id", .int), ("family", .text), ("shape", .text), ("position", .int), ("fields", .text),
                ("generation_id", .int), ("edited_at", .date), ("created_at", .date), ("sources", .text), ("tags", .text)], key: "id"),
        Table(
            name: "memory_states",
            columns: [("item_id", .int), ("phase", .int), ("step", .int), ("stability", .double), ("difficulty", .double), ("due", .double),
                ("last_review", .double), ("reps", .int), ("lapses", .int)], key: "item_id"),
        Table(
            name: "review_log",
            columns: [("id", .int), ("subject_id", .int), ("item_id", .int), ("review_time", .int), ("rating", .int), ("state", .int),
                ("duration_ms", .int), ("client_key", .text)], key: "id"),
        Table(name: "known_items", columns: [("item_id", .int), ("marked_at", .date)], key: "item_id"),
        Table(
            name: "quiz_attempts",
            columns: [("id", .int), ("subject_id", .int), ("subtopic", .text), ("taken_at", .date), ("questions", .int), ("correct", .int),
                ("pass_percent", .int), ("passed", .bool)], key: "id"),
        Table(
            name: "quiz_answers",
            columns: [("attempt_id", .int), ("position", .int), ("item_id", .int), ("question", .text), ("chosen", .int),
                ("correct_index", .int)], key: "attempt_id, position"),
        Table(
            name: "item_rewrites",
            columns: [("id", .int), ("item_id", .int), ("replaced_item_id", .int), ("shape", .text), ("fields", .text), ("lapses", .int),
                ("reviews", .int), ("reason", .text), ("generation_id", .int), ("rewritten_at", .date)], key: "id"),
        Table(name: "item_revisions", columns: [("id", .int), ("item_id", .int), ("fields", .text), ("replaced_at", .date)], key: "id"),
        Table(
            name: "fitted_parameters",
            columns: [("id", .int), ("owner_id", .int), ("subject_id", .int), ("parameters", .text), ("fitted_at", .date), ("reviews", .int),
                ("default_log_loss", .double), ("default_rmse", .double), ("fitted_log_loss", .double), ("fitted_rmse", .double)],
            key: "id"),
        Table(
            name: "response_cache",
            columns: [("key", .text), ("provider", .text), ("model", .text), ("response", .text), ("created_at", .date), ("hits", .int)],
            key: "key"),
    ]
}
