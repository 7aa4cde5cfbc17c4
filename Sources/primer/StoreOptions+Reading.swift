import PrimerProviders
import PrimerStore

extension StoreOptions {
    /// The store for a command that only reads it (`list`, `show`, `export`, `docs list`): opened
    /// as usual, or — when it is read-only (a file of mode 0444, a read-only folder or disk) —
    /// opened for reading only, so that a store nobody may write can still be looked at.
    func openForReading(config: PrimerConfig) throws -> SQLiteStore {
        do {
            return try open(config: config)
        } catch StoreError.readOnly(let path) {
            return try SQLiteStore(readingOnlyAt: path)
        }
    }
}
