import PrimerCore

/// The stores a workspace opened: each is opened once, by the first caller, while later callers
/// wait for that open instead of opening a second connection pool or file handle.
actor OpenStores {
    private var writing: Task<any Store, Error>?
    private var reading: Task<any Store, Error>?

    /// The store open now (the writer first), if any.
    var open: (any Store)? {
        get async {
            for task in [writing, reading].compactMap({ $0 }) {
                if let store = try? await task.value { return store }
            }
            return nil
        }
    }

    /// The store opened for writing, opened by `make` on first use (again after a failed open).
    func writer(_ make: @escaping @Sendable () async throws -> any Store) async throws -> any Store {
        let task = writing ?? Task { try await make() }
        writing = task
        do { return try await task.value } catch {
            if writing == task { writing = nil }
            throw error
        }
    }

    /// The store opened for reading only, likewise.
    func reader(_ make: @escaping @Sendable () async throws -> any Store) async throws -> any Store {
        let task = reading ?? Task { try await make() }
        reading = task
        do { return try await task.value } catch {
            if reading == task { reading = nil }
            throw error
        }
    }
}
