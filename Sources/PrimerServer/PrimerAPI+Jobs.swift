import Foundation
import OpenAPIRuntime
import PrimerApp
import PrimerCore

extension PrimerAPI {
    func startGeneration(_ input: Operations.StartGeneration.Input) async throws -> Operations.StartGeneration.Output {
        let (account, workspace) = try caller()
        let subject = try await ownedSubject(input.path.subjectId, of: account)
        var options = Components.Schemas.GenerationOptions()
        if case .json(let body)? = input.body { options = body }
        for (name, count) in [("maxSubtopics", options.maxSubtopics), ("nextSubtopics", options.nextSubtopics)] {
            if let count, !(1...200).contains(count) { throw APIError.invalid("\(name) is 1 to 200, not \(count).") }
        }
        if options.maxSubtopics != nil && options.nextSubtopics != nil { throw APIError.invalid("Send maxSubtopics or nextSubtopics, not both.") }
        if options.regenerate == true && options.subtopic == nil {
            throw APIError.invalid("regenerate writes one subtopic again: name it with subtopic (to plan the whole subject again, send regeneratePlan).")
        }
        if options.regeneratePlan == true && (options.subtopic != nil || options.family != nil) {
            throw APIError.invalid("regeneratePlan replaces the whole plan; send it without subtopic and family.")
        }
        for (name, value) in [("subtopic", options.subtopic), ("family", options.family)] {
            if let value, value.isEmpty || value.count > 200 { throw APIError.invalid("\(name) is 1 to 200 characters when given.") }
        }
        // Refused before anything is stored: a provider or family this server does not have.
        let providerName = try serverProvider(options.provider, workspace)
        let families = try workspace.families(forProvider: providerName)
        if let family = options.family, families.family(named: family) == nil {
            throw APIError.invalid("No family is named ‘\(family)’; the families are \(families.families.map(\.name).joined(separator: ", ")).")
        }
        let job = try await jobs.start(
            owner: account.owner, subjectID: subject.id,
            request: GenerationJobRequest(
                subtopic: options.subtopic, family: options.family, provider: options.provider, maxSubtopics: options.maxSubtopics,
                nextSubtopics: options.nextSubtopics, regenerate: options.regenerate, regeneratePlan: options.regeneratePlan,
                addDocumentSections: options.addDocumentSections))
        return .accepted(.init(body: .json(Self.schema(job))))
    }

    func getJob(_ input: Operations.GetJob.Input) async throws -> Operations.GetJob.Output {
        let (account, _) = try caller()
        return .ok(.init(body: .json(Self.schema(try await ownedJob(input.path.jobId, of: account)))))
    }

    func jobEvents(_ input: Operations.JobEvents.Input) async throws -> Operations.JobEvents.Output {
        let (account, _) = try caller()
        let job = try await ownedJob(input.path.jobId, of: account)
        let events = await jobs.updates(of: job).map { update -> ArraySlice<UInt8> in
            ArraySlice(Self.serverSentEvent(update).utf8)
        }
        return .ok(.init(body: .textEventStream(HTTPBody(events, length: .unknown, iterationBehavior: .single))))
    }

    /// `event: progress` with a JobEvent, or `event: end` with the finished Job, as JSON on one line.
    static func serverSentEvent(_ update: JobUpdate) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let (name, data): (String, Data?) = if let job = update.finished {
            ("end", try? encoder.encode(schema(job)))
        } else {
            ("progress", try? encoder.encode(Components.Schemas.JobEvent(message: update.message, subtopic: update.subtopic, family: update.family)))
        }
        return "event: \(name)\ndata: \(String(decoding: data ?? Data("{}".utf8), as: UTF8.self))\n\n"
    }

    static func schema(_ job: GenerationJob) -> Components.Schemas.Job {
        .init(
            id: job.id, subjectId: job.subjectID, status: .init(rawValue: job.status.rawValue) ?? .failed, message: job.message,
            createdAt: job.createdAt, updatedAt: job.updatedAt)
    }
}
