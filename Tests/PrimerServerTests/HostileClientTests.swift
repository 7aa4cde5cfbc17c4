import Foundation
import PrimerTestSupport
import Testing

/// `primer serve` against a hostile client, one test per class of attack, on both store engines:
/// files whose headers lie about their sizes, control characters in text, look-alike emails,
/// guessing passwords in parallel, quotas dodged by deleting, racing creates, oversized and
/// stalled bodies, and the statuses and messages each gets.
@Suite struct HostileClientTests {
    static func expectProblem(_ reply: APIClient.Reply, _ status: Int, _ saying: String, sourceLocation: SourceLocation = #_sourceLocation) {
        BadRequestTests.expectProblem(reply, status, saying, sourceLocation: sourceLocation)
    }

    /// The statuses of `count` requests sent at once.
    static func statuses(of count: Int, _ request: @escaping @Sendable (Int) async throws -> APIClient.Reply) async throws -> [Int] {
        try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<count { group.addTask { try await request(index).status } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    /// The server is still up and answering.
    static func stillServing(_ client: APIClient) async throws {
        #expect(try await client.request(.GET, "/api/providers").status == 200, "the server stopped answering")
    }

    @Test(arguments: StoreEngine.allCases) func filesThatLieAboutTheirSizesAreRefusedNotFatal(engine: StoreEngine) async throws {
        let server = try await ServerProcess(engine: engine)
        defer { server.terminate() }
        let ana = try await APIClient(baseURL: server.baseURL).signedUp(email: "ana@example.com")
        let subject = try #require(try await ana.request(.POST, "/api/subjects", json: ["title": "Scans"]).json["id"] as? Int)
        // A PNG declaring 4294967295 × 4294967295 pixels once overflowed width × height.
        let png = APIClient.multipart(fileName: "huge.png", contents: HostileFiles.pngDeclaring(width: 0xFFFF_FFFF, height: 0xFFFF_FFFF))
        Self.expectProblem(
            try await ana.request(.POST, "/api/subjects/\(subject)/documents", body: png.body, contentType: png.contentType), 422, "pixels")
        // A .docx whose ZIP64 record puts its directory at 2^63 (ZIPFoundation would trap converting it).
        let docx = APIClient.multipart(fileName: "lies.docx", contents: HostileFiles.zip64DirectoryAt(1 << 63))
        Self.expectProblem(
            try await ana.request(.POST, "/api/subjects/\(subject)/documents", body: docx.body, contentType: docx.contentType), 422,
            "outside the file")
        try await Self.stillServing(ana)
    }

    @Test(arguments: StoreEngine.allCases) func controlCharactersAreRefusedBeforeAnythingIsStored(engine: StoreEngine) async throws {
        let server = try await ServerProcess(engine: engine)
        defer { server.terminate() }
        let anonymous = APIClient(baseURL: server.baseURL)
        // A password cut at NUL would let "abc" log in.
        Self.expectProblem(
            try await anonymous.request(.POST, "/api/accounts", json: ["name": "Nul", "email": "nul@example.com", "password": "abc\u{0}defgh"]),
            422, "Password holds the control character U+0000")
        Self.expectProblem(
            try await anonymous.request(.POST, "/api/sessions", json: ["email": "nul@example.com", "password": "abc"]), 401, "wrong")
        Self.expectProblem(
            try await anonymous.request(.POST, "/api/accounts", json: ["name": "Eve\u{1B}[31m", "email": "eve@example.com", "password": "long enough pw"]),
            422, "Name holds the control character U+001B")

        // The same without a Content-Type (read as JSON all the same), in a second copy of a key,
        // and as \b: each refused.
        let bodies = [
            #"{"name":"Nul","email":"nul@example.com","password":"abc\u0000defgh"}"#,
            #"{"name":"Nul","email":"nul@example.com","password":"abc\u0000defgh","password":"long enough pw"}"#,
            #"{"name":"Nul\b","email":"nul@example.com","password":"long enough pw"}"#,
        ]
        for body in bodies {
            let reply = try await anonymous.request(.POST, "/api/accounts", body: Data(body.utf8), contentType: nil)
            #expect(reply.status == 422, "\(body): \(reply.text)")
        }
        let ana = try await anonymous.signedUp(email: "ana@example.com")
        Self.expectProblem(try await ana.request(.POST, "/api/subjects", json: ["title": "\u{0}"]), 422, "Title holds the control character U+0000")
        Self.expectProblem(try await ana.request(.POST, "/api/subjects", json: ["title": "Bio", "notes": "a\u{85}b"]), 422, "Notes holds")
        Self.expectProblem(try await ana.request(.POST, "/api/subjects", json: ["title": "Bio\u{7F}"]), 422, "U+007F")
        #expect((try await ana.request(.GET, "/api/subjects").json["subjects"] as? [Any])?.isEmpty == true, "a refused subject was stored")
        // A backslash followed by "u0000" is text, not a control character; tabs and line breaks are kept.
        let literal = try await ana.request(
            .POST, "/api/subjects", body: Data(#"{"title": "Escapes \\u0000", "notes": "line\none\ttab"}"#.utf8), contentType: "application/json")
        #expect(literal.status == 201, "\(literal.text)")
        #expect(literal.json["title"] as? String == #"Escapes \u0000"#)
        #expect(literal.json["notes"] as? String == "line\none\ttab")
    }

    @Test(arguments: StoreEngine.allCases) func lookAlikeEmailsAreOneAccount(engine: StoreEngine) async throws {
        let server = try await ServerProcess(engine: engine)
        defer { server.terminate() }
        let anonymous = APIClient(baseURL: server.baseURL)
        _ = try await anonymous.signedUp(email: "jos\u{E9}@example.com")
        _ = try await anonymous.signedUp(email: "ana@example.com")
        for lookAlike in ["jose\u{301}@example.com", "JOS\u{C9}@EXAMPLE.COM", "\u{FF41}na@example.com"] {
            Self.expectProblem(
                try await anonymous.request(.POST, "/api/accounts", json: ["name": "Twin", "email": lookAlike, "password": "another long one"]),
                409, "already taken")
        }
        Self.expectProblem(
            try await anonymous.request(.POST, "/api/accounts", json: ["name": "Twin", "email": "ana@example.com\u{200B}", "password": "another long one"]),
            422, "invisible character")
        // The decomposed spelling logs in to the composed account.
        let login = try await anonymous.request(.POST, "/api/sessions", json: ["email": "jose\u{301}@example.com", "password": "correct horse battery"])
        #expect(login.status == 200, "\(login.text)")
        // Weak passwords.
        for weak in ["aaaaaaaaaa", "          ", "zed@example.com", "password1"] {
            Self.expectProblem(
                try await anonymous.request(.POST, "/api/accounts", json: ["name": "Zed", "email": "zed@example.com", "password": weak]), 422, "choose")
        }
    }

    @Test(arguments: StoreEngine.allCases) func guessingIsLimitedAtomicallyAndSurvivesARestart(engine: StoreEngine) async throws {
        let server = try await ServerProcess(
            engine: engine, settings: ServerProcess.testSettings + "  login_attempts: 3\n  signups_per_hour: 3\n  secure_cookies: true\n")
        defer { server.terminate() }
        let anonymous = APIClient(baseURL: server.baseURL)
        _ = try await anonymous.signedUp(email: "ana@example.com")
        _ = try await anonymous.signedUp(email: "ben@example.com")
        // Sixteen wrong passwords at once: exactly the limit are checked, the rest refused.
        let statuses = try await Self.statuses(of: 16) { _ in
            try await anonymous.request(.POST, "/api/sessions", json: ["email": "ana@example.com", "password": "wrong guess"])
        }
        #expect(statuses.filter { $0 == 401 }.count == 3, "\(statuses.sorted())")
        #expect(statuses.filter { $0 == 429 }.count == 13, "\(statuses.sorted())")
        let locked = try await anonymous.request(.POST, "/api/sessions", json: ["email": "ana@example.com", "password": "correct horse battery"])
        Self.expectProblem(locked, 429, "Too many failed logins")
        #expect(Int(locked.headers.first(name: "Retry-After") ?? "") ?? 0 > 0)
        // Another account, not attacked from this address, still logs in from it.
        let ben = try await anonymous.request(.POST, "/api/sessions", json: ["email": "ben@example.com", "password": "correct horse battery"])
        #expect(ben.status == 200)
        #expect(ben.headers.first(name: "Set-Cookie")?.hasSuffix("; Secure") == true, "secure_cookies marks the cookie Secure")
        // Sign-ups from one address: three an hour here (two made above).
        _ = try await anonymous.signedUp(email: "cid@example.com")
        Self.expectProblem(
            try await anonymous.request(.POST, "/api/accounts", json: ["name": "Dee", "email": "dee@example.com", "password": "correct horse battery"]),
            429, "accounts in the last hour")
        // A trusted proxy's clients count by the address it forwards; an untrusted peer's header is ignored.
        Self.expectProblem(
            try await anonymous.request(
                .POST, "/api/accounts", json: ["name": "Eve", "email": "eve@example.com", "password": "correct horse battery"],
                headers: [("X-Forwarded-For", "203.0.113.9")]), 429, "accounts in the last hour")
        // The counts are in the store: a restarted server keeps them.
        await server.stop()
        try await server.start()
        let restarted = APIClient(baseURL: server.baseURL)
        Self.expectProblem(
            try await restarted.request(.POST, "/api/sessions", json: ["email": "ana@example.com", "password": "correct horse battery"]), 429,
            "Too many failed logins")
    }

    @Test(arguments: StoreEngine.allCases) func quotasCountWhatWasStartedAndCreatesDoNotRace(engine: StoreEngine) async throws {
        let server = try await ServerProcess(
            engine: engine, settings: ServerProcess.testSettings + "  jobs_per_hour: 2\n  concurrent_jobs: 5\n  questions_per_hour: 1\n")
        defer { server.terminate() }
        let ana = try await APIClient(baseURL: server.baseURL).signedUp(email: "ana@example.com")
        let first = try #require(try await ana.request(.POST, "/api/subjects", json: ["title": "One"]).json["id"] as? Int)
        // A POST without a body: the options are optional.
        let job = try await ana.request(.POST, "/api/subjects/\(first)/jobs")
        #expect(job.status == 202, "\(job.text)")
        _ = try await ana.events(ofJob: try #require(job.json["id"] as? Int))
        #expect(try await ana.request(.POST, "/api/subjects/\(first)/jobs", json: ["maxSubtopics": 1]).status == 202)
        // Deleting the subject deletes its jobs, not what was started.
        #expect(try await ana.request(.DELETE, "/api/subjects/\(first)").status == 204)
        let second = try #require(try await ana.request(.POST, "/api/subjects", json: ["title": "Two"]).json["id"] as? Int)
        Self.expectProblem(try await ana.request(.POST, "/api/subjects/\(second)/jobs", json: [:]), 429, "in the last hour")
        // Questions to a model count too.
        _ = try await ana.request(.POST, "/api/subjects/\(second)/ask", json: ["question": "What is a cell?"])
        Self.expectProblem(try await ana.request(.POST, "/api/subjects/\(second)/ask", json: ["question": "What is a cell?"]), 429, "questions")
        // A provider that cannot write is refused before anything is stored or counted.
        Self.expectProblem(try await ana.request(.POST, "/api/subjects/\(second)/jobs", json: ["provider": "minilm-local"]), 422, "embedding model")
        Self.expectProblem(try await ana.request(.POST, "/api/subjects/\(second)/jobs", json: ["provider": "perplexity"]), 422, "cannot be used")
        let unknown = try await ana.request(.POST, "/api/subjects/\(second)/jobs", json: ["provider": "nope"])
        Self.expectProblem(unknown, 422, "no provider named ‘nope’")
        #expect(!unknown.message.contains(".yaml"), "the message shows a path: \(unknown.message)")

        // Sixteen creates of one title at once: one subject, fifteen 409s, on both engines.
        let statuses = try await Self.statuses(of: 16) { index in
            try await ana.request(.POST, "/api/subjects", json: ["title": "Race", "notes": "note \(index)", "color": "#00000\(index % 10)"])
        }
        #expect(statuses.filter { $0 == 201 }.count == 1, "\(statuses.sorted())")
        #expect(statuses.filter { $0 == 409 }.count == 15, "\(statuses.sorted())")
    }

    @Test(arguments: StoreEngine.allCases) func bodiesAndStatusesAreBounded(engine: StoreEngine) async throws {
        let server = try await ServerProcess(
            engine: engine, settings: ServerProcess.testSettings + "  max_upload_mb: 2\n  read_timeout_seconds: 2\n")
        defer { server.terminate() }
        let ana = try await APIClient(baseURL: server.baseURL).signedUp(email: "ana@example.com")
        let subject = try #require(try await ana.request(.POST, "/api/subjects", json: ["title": "Ökologie"]).json["id"] as? Int)
        // Messages name no CLI command an API client has not.
        let empty = try await ana.request(.GET, "/api/subjects/\(subject)/next")
        Self.expectProblem(empty, 404, "no cards to study yet")
        #expect(!empty.message.contains("primer "), "\(empty.message)")
        // A part with a megabyte of headers: refused as it streams in.
        let boundary = "hostile-boundary"
        var form = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.txt\"\r\nX-Junk: ".utf8)
        form.append(Data(repeating: UInt8(ascii: "a"), count: 1_000_000))
        form.append(Data("\r\n\r\nhello\r\n--\(boundary)--\r\n".utf8))
        for contentType in ["multipart/form-data; boundary=\(boundary)", "multipart/form-data; boundary=\"\(boundary)\""] {
            let quoted = contentType.hasSuffix("\"") ? form.replacing(Data("--\(boundary)".utf8), with: Data("--\"\(boundary)\"".utf8)) : form
            Self.expectProblem(
                try await ana.request(.POST, "/api/subjects/\(subject)/documents", body: quoted, contentType: contentType), 413, "KB of headers")
        }
        // A chunked body over the limit: 413, not 500. Sent from a socket that stops writing once
        // past the limit and then reads the answer (a client still writing may see the
        // connection closed before it reads the 413).
        let chunked = try await Python.run(["-c", Self.chunkedScript, String(server.port), "/api/subjects/\(subject)/items", ana.token ?? ""])
        #expect(chunked.stdout.hasPrefix("HTTP/1.1 413"), "\(chunked.stdout) \(chunked.stderr)")
        // An item edit keeps the limits a create has.
        let job = try #require(try await ana.request(.POST, "/api/subjects/\(subject)/jobs", json: ["maxSubtopics": 1]).json["id"] as? Int)
        _ = try await ana.events(ofJob: job)
        let item = try #require((try await ana.request(.GET, "/api/subjects/\(subject)/items").json["items"] as? [[String: Any]])?.first?["id"] as? Int)
        Self.expectProblem(try await ana.request(.PATCH, "/api/items/\(item)", json: ["front": String(repeating: "x", count: 3_000)]), 422, "at most 2000")
        #expect(try await ana.request(.POST, "/api/items/\(item)/explain").status != 400, "an explain without a body is a request the document allows")
        // A download's name: ASCII for old clients, UTF-8 in filename*.
        let export = try await ana.request(.GET, "/api/subjects/\(subject)/export?format=json")
        let disposition = export.headers.first(name: "Content-Disposition") ?? ""
        #expect(disposition.contains("filename*=UTF-8''%C3%B6kologie"), "\(disposition)")
        let ascii = disposition.unicodeScalars.allSatisfy { $0.isASCII }
        #expect(ascii, "\(disposition)")
        // Names a client gives are checked, and no message shows a server path.
        for name in [String(repeating: "n", count: 300) + ".txt", "..", "../../etc/passwd"] {
            let upload = APIClient.multipart(fileName: name, contents: Data("text".utf8))
            let reply = try await ana.request(.POST, "/api/subjects/\(subject)/documents", body: upload.body, contentType: upload.contentType)
            #expect(reply.status == 422, "\(name.prefix(20)): \(reply.text)")
            #expect(!reply.message.contains("/tmp") && !reply.message.contains("NSCocoa") && !reply.message.contains(server.folder.path))
        }
        // Methods, HEAD, caching.
        let wrongMethod = try await ana.request(.PUT, "/api/subjects")
        Self.expectProblem(wrongMethod, 405, "takes GET, POST")
        #expect(wrongMethod.headers.first(name: "Allow") == "GET, POST")
        #expect(try await ana.request(.HEAD, "/").status == 200)
        #expect(try await ana.request(.GET, "/api/subjects").headers.first(name: "Cache-Control") == "no-store")
        // A body that stalls: the connection is closed after read_timeout_seconds (2 s here).
        let stalled = try await Python.run(["-c", Self.stallScript, String(server.port)])
        let seconds = try #require(Double(stalled.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), "\(stalled.stdout) \(stalled.stderr)")
        #expect(seconds < 10, "a stalled body was held \(seconds) s")
        // Requests the HTTP parser refuses are answered with a problem document too: a 100 KB
        // header (after two good requests pipelined on the same connection) and a request line
        // that is not HTTP.
        let oversized = try await Python.run(["-c", Self.rawScript, String(server.port), "header"])
        #expect(oversized.stdout.components(separatedBy: "HTTP/1.1 401").count == 3, "the two requests before it are answered first: \(oversized.stdout)")
        #expect(oversized.stdout.contains("HTTP/1.1 431"), "\(oversized.stdout)")
        #expect(oversized.stdout.contains(#""kind":"tooLarge""#) && oversized.stdout.contains("80 KB"), "\(oversized.stdout)")
        let garbled = try await Python.run(["-c", Self.rawScript, String(server.port), "line"])
        #expect(garbled.stdout.hasPrefix("HTTP/1.1 400"), "\(garbled.stdout)")
        #expect(garbled.stdout.contains(#""kind":"malformed""#), "\(garbled.stdout)")
        try await Self.stillServing(ana)
    }

    /// Sends a raw request on one connection and prints every byte the server answers until it
    /// closes: `header` sends two good requests, then one with a 100 KB Authorization header;
    /// `line` sends a request line that is not HTTP.
    static let rawScript = """
        import socket, sys
        s = socket.create_connection(("127.0.0.1", int(sys.argv[1])))
        good = b"GET /api/providers HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n"
        if sys.argv[2] == "header":
            s.sendall(good + good + b"GET /api/providers HTTP/1.1\\r\\nHost: x\\r\\nAuthorization: Bearer " + b"a" * 100000 + b"\\r\\n\\r\\n")
        else:
            s.sendall(b"\\x00\\x01 NOT HTTP\\r\\n\\r\\n")
        s.settimeout(30)
        reply = b""
        try:
            while True:
                data = s.recv(65536)
                if not data:
                    break
                reply += data
        except OSError:
            pass
        sys.stdout.write(reply.decode("utf-8", "replace"))
        """

    /// Sends 2.2 MB as a chunked body, then prints the answer's status line.
    static let chunkedScript = """
        import socket, sys
        s = socket.create_connection(("127.0.0.1", int(sys.argv[1])))
        s.sendall(("POST %s HTTP/1.1\\r\\nHost: x\\r\\nAuthorization: Bearer %s\\r\\nContent-Type: application/json\\r\\n"
                   "Transfer-Encoding: chunked\\r\\n\\r\\n" % (sys.argv[2], sys.argv[3])).encode())
        chunk = b"186a0\\r\\n" + b" " * 100000 + b"\\r\\n"
        try:
            for _ in range(22):
                s.sendall(chunk)
        except OSError:
            pass
        s.settimeout(60)
        reply = b""
        try:
            while b"\\r\\n" not in reply:
                data = s.recv(4096)
                if not data:
                    break
                reply += data
        except OSError:
            pass
        print(reply.split(b"\\r\\n")[0].decode())
        """

    /// Sends a request head announcing 1,000 bytes, sends 10, then waits: prints how long the
    /// server kept the connection.
    static let stallScript = """
        import socket, sys, time
        s = socket.create_connection(("127.0.0.1", int(sys.argv[1])))
        s.sendall(b"POST /api/sessions HTTP/1.1\\r\\nHost: x\\r\\nContent-Type: application/json\\r\\nContent-Length: 1000\\r\\n\\r\\n{\\"email\\":")
        start = time.time()
        s.settimeout(60)
        try:
            while s.recv(4096):
                pass
        except OSError:
            pass
        print(time.time() - start)
        """
}

/// Small files whose headers lie.
enum HostileFiles {
    /// A PNG signature and an IHDR chunk declaring `width` × `height`, then IEND.
    static func pngDeclaring(width: UInt32, height: UInt32) -> Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        data.append(contentsOf: bigEndian(UInt32(13)) + Array("IHDR".utf8) + bigEndian(width) + bigEndian(height) + [8, 2, 0, 0, 0] + [0, 0, 0, 0])
        data.append(contentsOf: bigEndian(UInt32(0)) + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82])
        return data
    }

    /// A zip of no entries whose ZIP64 end record puts the central directory at `offset`.
    static func zip64DirectoryAt(_ offset: UInt64) -> Data {
        var data = Data()
        // ZIP64 end of central directory record (56 bytes).
        data.append(contentsOf: littleEndian(UInt64(0x0606_4B50), 4) + littleEndian(44, 8) + littleEndian(45, 2) + littleEndian(45, 2))
        data.append(contentsOf: littleEndian(0, 4) + littleEndian(0, 4) + littleEndian(1, 8) + littleEndian(1, 8) + littleEndian(46, 8) + littleEndian(offset, 8))
        // Its locator (20 bytes), pointing at offset 0.
        data.append(contentsOf: littleEndian(0x0706_4B50, 4) + littleEndian(0, 4) + littleEndian(0, 8) + littleEndian(1, 4))
        // The end of central directory record (22 bytes), deferring to ZIP64.
        data.append(contentsOf: littleEndian(0x0605_4B50, 4) + littleEndian(0, 2) + littleEndian(0, 2) + littleEndian(0xFFFF, 2) + littleEndian(0xFFFF, 2))
        data.append(contentsOf: littleEndian(0xFFFF_FFFF, 4) + littleEndian(0xFFFF_FFFF, 4) + littleEndian(0, 2))
        return data
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] { (0..<4).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
    private static func littleEndian(_ value: UInt64, _ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
}
