import Foundation
import Logging
import PrimerApp
import PrimerCore
import PrimerProviders

/// The handlers of the operations `openapi.yaml` declares (the generated `APIProtocol`). Each
/// finds the caller, checks that what it names is the caller's (else 404: another account's
/// subject does not exist for this one), and calls the application layer as that owner.
struct PrimerAPI: APIProtocol {
    let workspace: Workspace
    let accounts: Accounts
    let jobs: GenerationJobs
    let policy: ServerPolicy
    let logger: Logger
    let extractions: ExtractionQueue

    /// The caller's account and the workspace acting for it.
    func caller() throws -> (account: Account, workspace: Workspace) {
        let account = try Caller.requireAccount()
        return (account, workspace.owned(by: account.owner))
    }

    /// The subject with this id if it is the account's; 404 otherwise, whether it is another's or
    /// none (the library finds only the owner's rows).
    func ownedSubject(_ id: Int64, of account: Account) async throws -> StoredSubject {
        do { return try await workspace.owned(by: account.owner).library().subject(SubjectID(id)) } catch let error as WorkspaceError where error.kind == .notFound {
            throw APIError.notFound("subject")
        }
    }

    /// The item with this id if it is in one of the account's subjects; 404 otherwise.
    func ownedItem(_ id: Int64, of account: Account) async throws -> StudyCard {
        do { return try await workspace.owned(by: account.owner).library().item(ItemID(id)) } catch let error as WorkspaceError where error.kind == .notFound {
            throw APIError.notFound("item")
        }
    }

    /// The provider a request names, else the server's; refused (422, before anything is stored
    /// or counted) when this server has no such provider, when it is an embedding model, or when
    /// it cannot be made here (a key not set). Where its manifest lives stays in the log.
    func serverProvider(_ named: String?, _ workspace: Workspace) throws -> String {
        if let named, named.isEmpty || named.count > 200 { throw APIError.invalid("provider is 1 to 200 characters when given.") }
        do { return try workspace.usableProvider(named ?? policy.provider) } catch let error as UnusableProvider {
            let shown = error.name.prefix(60)
            switch error.reason {
            case .unknown: throw APIError.invalid("This server has no provider named ‘\(shown)’; GET /api/providers lists the ones it has.")
            case .embedder: throw APIError.invalid("‘\(shown)’ is an embedding model, which writes nothing; choose a provider GET /api/providers lists.")
            case .cannotBeMade(let why):
                logger.warning("provider \(error.name) cannot be used: \(why)")
                throw APIError.invalid("‘\(shown)’ cannot be used on this server just now (its key or its program is missing); choose another.")
            }
        }
    }

    /// The job with this id if the account started it; 404 otherwise.
    func ownedJob(_ id: Int64, of account: Account) async throws -> GenerationJob {
        do { return try await jobs.job(id, of: account.owner) } catch let error as WorkspaceError where error.kind == .notFound {
            throw APIError.notFound("job")
        }
    }
}
