/// The whole store contract: every port a front end, the pipeline or a worker reaches the store
/// through. `SQLiteStore` (PrimerStore) and `PostgresStore` (PrimerPostgres) implement it; nothing
/// above the store names an engine.
public typealias Store = KitStore & ClaimStore & LearnerStore & DocumentStore & KitQueries & ResponseCache & EmbeddingCache & StoreTransfer
    & OwnerScoped & AccountStore & JobStore & LimitStore & PlanEditingStore
