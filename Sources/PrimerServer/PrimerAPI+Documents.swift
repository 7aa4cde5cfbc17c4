import Foundation
import OpenAPIRuntime
import PrimerApp
import PrimerCore
import PrimerDocuments

extension PrimerAPI {
    func uploadDocument(_ input: Operations.UploadDocument.Input) async throws -> Operations.UploadDocument.Output {
        let (account, workspace) = try caller()
        let subject = try await ownedSubject(input.path.subjectId, of: account)
        guard case .multipartForm(let parts) = input.body else { throw APIError.invalid("Send the document as multipart/form-data, in a part named file.") }
        var attached: DocumentAttachment?
        do {
            for try await part in parts {
                switch part {
                case .file(let file):
                    guard attached == nil else { throw APIError.invalid("Send one document per request.") }
                    attached = try await attach(file, to: subject, workspace)
                case .undocumented(let other):
                    throw APIError(.malformed, "The form has a part named ‘\(other.name?.prefix(40) ?? "")’; send only a part named file.")
                }
            }
        } catch let error as APIError {
            throw error
        } catch let error as any KindedError {
            throw error
        } catch {
            // The runtime's own checks of the form (a missing part, a broken boundary).
            throw APIError(.malformed, "The form could not be read: \(error)")
        }
        guard let attached else { throw APIError.invalid("The form has no part named file; send the document in it.") }
        return .created(
            .init(body: .json(.init(name: attached.name, format: attached.format, characters: attached.characters, added: attached.added))))
    }

    func listDocuments(_ input: Operations.ListDocuments.Input) async throws -> Operations.ListDocuments.Output {
        let (account, workspace) = try caller()
        let subject = try await ownedSubject(input.path.subjectId, of: account)
        let documents = try await workspace.documents(of: subject.title).documents
        return .ok(.init(body: .json(.init(documents: documents.map {
            .init(id: $0.id, name: $0.name, format: $0.format, characters: $0.text.count, attachedAt: $0.createdAt)
        }))))
    }

    func removeDocument(_ input: Operations.RemoveDocument.Input) async throws -> Operations.RemoveDocument.Output {
        let (account, workspace) = try caller()
        let subject = try await ownedSubject(input.path.subjectId, of: account)
        // By id within the owner's subject: another subject's document is not found here.
        guard let document = try await workspace.documents(of: subject.title).documents.first(where: { $0.id == input.path.documentId }) else {
            throw APIError.notFound("document")
        }
        // Its full content hash names exactly this document (a name may repeat).
        try await workspace.removeDocument(document.contentHash, from: subject.title)
        return .noContent(.init())
    }

    /// The name a document keeps: the last part of the client's filename, one line of at most
    /// 200 bytes with no control character, not hidden, not `.` or `..`.
    static func uploadName(_ filename: String) throws -> String {
        let last = filename.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        let name = last.trimmingCharacters(in: .whitespaces)
        if let problem = StoredText.problem(in: name, field: "The file's name") { throw APIError.invalid(problem + ".") }
        guard !name.isEmpty, !name.hasPrefix("."), !name.contains(where: \.isNewline) else {
            throw APIError.invalid("The file needs a name such as notes.pdf (not hidden, not a folder).")
        }
        guard name.utf8.count <= 200 else { throw APIError.invalid("The file's name is longer than 200 bytes; rename it shorter.") }
        return name
    }

    /// Saves the part to a temporary file named as the client named it (its extension gives its
    /// format), then extracts and attaches it as `primer docs add` does.
    private func attach(
        _ part: MultipartPart<Operations.UploadDocument.Input.Body.MultipartFormPayload.FilePayload>, to subject: StoredSubject,
        _ workspace: Workspace
    ) async throws -> DocumentAttachment {
        let name = try Self.uploadName(part.filename ?? "")
        // Recordings are not taken unless `upload_types` names them: transcribing one holds a core
        // for minutes inside the request.
        let allowed = policy.uploadTypes ?? DocumentFormat.allCases.filter { $0 != .recording }.flatMap(\.extensions)
        let ext = URL(fileURLWithPath: name).pathExtension.lowercased()
        guard DocumentFormat(file: URL(fileURLWithPath: name)) != nil, allowed.contains(ext) else {
            throw APIError.invalid("‘\(name.prefix(80))’ is not a document this server takes; send a file named *.\(allowed.joined(separator: ", *.")).")
        }
        var bytes = Data()
        for try await chunk in part.payload.body {
            bytes.append(contentsOf: chunk)
            if bytes.count > policy.maxUploadBytes { throw BodyLimitMiddleware<ServerContext>.tooLarge(policy.maxUploadBytes) }
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("primer-upload-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(name)
        try bytes.write(to: file)
        let result = try await extractions.run { try await workspace.attachDocuments([file.path], to: subject.title) }
        guard let attached = result.documents.first else { throw APIError.invalid("The document could not be read.") }
        return attached
    }
}
