import Foundation

/// What a generation job was asked to make: the options of `primer generate` a client may set.
public struct GenerationJobRequest: Sendable, Equatable, Codable {
    public var subtopic: String?
    public var family: String?
    public var provider: String?
    public var maxSubtopics: Int?
    /// The next N subtopics not complete yet (`PipelineOptions.nextSubtopics`).
    public var nextSubtopics: Int?
    /// Replace what is stored of the chosen subtopic and family (kept: what the learner made or studied).
    public var regenerate: Bool?
    /// Plan the subject again, replacing the plan.
    public var regeneratePlan: Bool?
    /// Add the sections of documents attached after the plan was made.
    public var addDocumentSections: Bool?

    public init(
        subtopic: String? = nil, family: String? = nil, provider: String? = nil, maxSubtopics: Int? = nil, nextSubtopics: Int? = nil,
        regenerate: Bool? = nil, regeneratePlan: Bool? = nil, addDocumentSections: Bool? = nil
    ) {
        self.subtopic = subtopic
        self.family = family
        self.provider = provider
        self.maxSubtopics = maxSubtopics
        self.nextSubtopics = nextSubtopics
        self.regenerate = regenerate
        self.regeneratePlan = regeneratePlan
        self.addDocumentSections = addDocumentSections
    }
}

public enum JobStatus: String, Sendable, Codable, CaseIterable {
    case queued, running, succeeded, failed

    public var isFinished: Bool { self == .succeeded || self == .failed }
}

/// A generation a client started (`primer serve`): stored, so a server that stops (or is killed)
/// resumes it on its next start, and the idempotent pipeline makes nothing twice.
public struct GenerationJob: Sendable, Equatable, Codable {
    public var id: Int64
    public var owner: SubjectOwner
    public var subjectID: Int64
    public var request: GenerationJobRequest
    public var status: JobStatus
    /// The last progress line, or why the job failed.
    public var message: String
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        id: Int64, owner: SubjectOwner, subjectID: Int64, request: GenerationJobRequest, status: JobStatus, message: String,
        createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.owner = owner
        self.subjectID = subjectID
        self.request = request
        self.status = status
        self.message = message
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// Generation jobs. A job goes with its subject when the subject is deleted.
public protocol JobStore: Sendable {
    func createJob(owner: SubjectOwner, subjectID: Int64, request: GenerationJobRequest, at date: Date) async throws -> GenerationJob
    func job(id: Int64) async throws -> GenerationJob?
    func updateJob(id: Int64, status: JobStatus, message: String, at date: Date) async throws
    /// Jobs queued or running, oldest first: what a server resumes when it starts.
    func unfinishedJobs() async throws -> [GenerationJob]
    /// How many jobs `owner` started since `date` (all statuses), and how many of them are unfinished.
    func jobCounts(owner: SubjectOwner, since date: Date) async throws -> (started: Int, unfinished: Int)
}

/// A job's request as both engines store it (`jobs.request`): JSON with sorted keys.
public enum JobRequestJSON {
    public static func encode(_ request: GenerationJobRequest) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(request), as: UTF8.self)
    }

    public static func decode(_ json: String) throws -> GenerationJobRequest {
        do {
            return try JSONDecoder().decode(GenerationJobRequest.self, from: Data(json.utf8))
        } catch {
            throw StoreError.invalidWrite("a job request the store cannot read: \(json)")
        }
    }
}
