/// Family names renamed since a release. The old name is still accepted wherever a family is
/// named — a family file's `family:`, `--family`, an evaluation suite's `families`, a label file,
/// a store written before the rename (its rows are renamed by a migration) — and means the new one.
public enum FamilyAlias {
    /// Old name → new name. The lesson family was `notes` until the learner's notes on a subject
    /// needed that word for themselves.
    public static let renamed: [String: String] = ["notes": "lesson"]

    /// The current name of a family named `name`.
    public static func canonical(_ name: String) -> String { renamed[name] ?? name }
}
