/// Stores made before emails were compared NFKC-normalised keep keys that were only lowercased:
/// both engines recompute them once (SQLite's `v14-email-keys`, PostgreSQL's `pg7-email-keys`),
/// so an account whose email was stored decomposed or full-width still logs in. Two accounts the
/// old rule let in with look-alike emails now have one key: the account already holding it keeps
/// it, the other keeps its old key and its rows (nothing is deleted or merged), but a login in
/// either spelling now finds the first — an operator merges them by hand.
public enum EmailKeyMigration {
    public static func changes(_ accounts: [(id: Int64, email: String, key: String)]) -> [(id: Int64, key: String)] {
        var taken = Set(accounts.map(\.key))
        var changes: [(id: Int64, key: String)] = []
        for account in accounts.sorted(by: { $0.id < $1.id }) {
            let key = Account.emailKey(account.email)
            guard key != account.key, !taken.contains(key) else { continue }
            taken.remove(account.key)
            taken.insert(key)
            changes.append((account.id, key))
        }
        return changes
    }
}
