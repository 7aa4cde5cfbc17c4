import GRDB
import PrimerCore

// The provenance summaries are read straight from their rows (their coding keys are the columns).
extension StoredGeneration: FetchableRecord {}
extension StoredAttempt: FetchableRecord {}
