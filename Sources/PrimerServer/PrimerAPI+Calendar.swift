import Foundation
import OpenAPIRuntime
import PrimerApp
import PrimerCore

/// The calendar feed of due reviews: made and revoked by its account, read by calendar apps with
/// the secret in its path as the only credential (they send no cookie and no token).
extension PrimerAPI {
    func createCalendarFeed(_ input: Operations.CreateCalendarFeed.Input) async throws -> Operations.CreateCalendarFeed.Output {
        let account = try Caller.requireAccount()
        let token = try await accounts.newCalendarFeed(for: account)
        return .created(.init(body: .json(.init(path: "/api/calendar/\(token)"))))
    }

    func deleteCalendarFeed(_ input: Operations.DeleteCalendarFeed.Input) async throws -> Operations.DeleteCalendarFeed.Output {
        try await accounts.removeCalendarFeed(for: try Caller.requireAccount())
        return .noContent(.init())
    }

    func getCalendarFeed(_ input: Operations.GetCalendarFeed.Input) async throws -> Operations.GetCalendarFeed.Output {
        // A revoked, replaced or made-up secret is one answer: there is no such feed.
        guard let account = try await accounts.calendarAccount(token: input.path.feedToken) else {
            throw APIError(.notFound, "No calendar has this address; make a new one (POST /api/me/calendar) and subscribe to it.")
        }
        let feed = try await workspace.owned(by: account.owner).dueCalendar()
        return .ok(.init(body: .textCalendar(HTTPBody(feed))))
    }
}
