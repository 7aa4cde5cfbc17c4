import Foundation
import PrimerApp
import PrimerCore

extension PrimerAPI {
    func signUp(_ input: Operations.SignUp.Input) async throws -> Operations.SignUp.Output {
        guard case .json(let body) = input.body else { throw APIError.invalid("Send the account as JSON.") }
        let session = try await accounts.signUp(name: body.name, email: body.email, password: body.password, address: Caller.address)
        Caller.headers?.set(.setCookie, cookie(session))
        return .created(.init(body: .json(schema(session))))
    }

    func logIn(_ input: Operations.LogIn.Input) async throws -> Operations.LogIn.Output {
        guard case .json(let body) = input.body else { throw APIError.invalid("Send the email and password as JSON.") }
        let session = try await accounts.logIn(email: body.email, password: body.password, address: Caller.address)
        Caller.headers?.set(.setCookie, cookie(session))
        return .ok(.init(body: .json(schema(session))))
    }

    func logOut(_ input: Operations.LogOut.Input) async throws -> Operations.LogOut.Output {
        _ = try Caller.requireAccount()
        if let token = Caller.token { try await accounts.logOut(token: token) }
        Caller.headers?.set(.setCookie, "\(SessionToken.cookieName)=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax" + (policy.secureCookies ? "; Secure" : ""))
        return .noContent(.init())
    }

    func getMe(_ input: Operations.GetMe.Input) async throws -> Operations.GetMe.Output {
        let account = try Caller.requireAccount()
        return .ok(.init(body: .json(schema(account))))
    }

    /// The session cookie: HttpOnly (no script reads it), SameSite=Lax (not sent by other sites'
    /// requests that change things), for the session's lifetime.
    private func cookie(_ session: Accounts.Session) -> String {
        let seconds = Int(session.expiresAt.timeIntervalSinceNow.rounded())
        return "\(SessionToken.cookieName)=\(session.token); Path=/; Max-Age=\(seconds); HttpOnly; SameSite=Lax" + (policy.secureCookies ? "; Secure" : "")
    }

    private func schema(_ session: Accounts.Session) -> Components.Schemas.Session {
        .init(account: schema(session.account), token: session.token, expiresAt: session.expiresAt)
    }

    private func schema(_ account: Account) -> Components.Schemas.Account {
        .init(id: account.id, name: account.name, email: account.email)
    }
}
