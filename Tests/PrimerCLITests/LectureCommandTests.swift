import Foundation
import PrimerCore
import PrimerTestSupport
import Testing

/// A lecture's transcript and its recording attached as a user would, cited by the minute. The
/// recording is speech made by espeak-ng (two parts a minute apart), transcribed offline by
/// faster-whisper with Whisper tiny.en; the test measures its word error rate.
@Suite struct LectureCommandTests {
    static let first = "Photosynthesis converts light energy into chemical energy. Plants capture sunlight with chlorophyll in their chloroplasts. The light reactions split water and release oxygen."
    static let second = "The mitochondrion is the powerhouse of the cell. It makes most of the cell's supply of adenosine triphosphate through cellular respiration. Spaced repetition improves long term memory."

    /// Runs a program to completion; fails with its error output.
    static func run(_ program: String, _ arguments: [String]) async throws {
        let result = try await ExternalProgram.run(program, arguments)
        if result.status != 0 { throw CLIRunnerError("\(program) exited \(result.status): \(result.stderr) (scripts/install-test-tools.sh installs it)") }
    }

    /// Word error rate: word-level edit distance over the reference's words (case and punctuation aside).
    static func wordErrorRate(reference: String, hypothesis: String) -> Double {
        func words(_ text: String) -> [Substring] {
            text.lowercased().replacingOccurrences(of: "-", with: " ").split { !$0.isLetter && $0 != "'" }
        }
        let ref = words(reference), hyp = words(hypothesis)
        var row = Array(0...hyp.count)
        for i in 1...max(1, ref.count) where !ref.isEmpty {
            var next = [i] + [Int](repeating: 0, count: hyp.count)
            for j in stride(from: 1, through: hyp.count, by: 1) {
                next[j] = min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (ref[i - 1] == hyp[j - 1] ? 0 : 1))
            }
            row = next
        }
        return Double(row[hyp.count]) / Double(max(1, ref.count))
    }

    @Test func aRecordingIsTranscribedWithItsMinutesAndCitedByTime() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let folder = cli.directory
        try await Self.run("espeak-ng", ["-v", "en-us", "-s", "150", "-w", folder.appendingPathComponent("a.wav").path, Self.first])
        try await Self.run("espeak-ng", ["-v", "en-us", "-s", "150", "-w", folder.appendingPathComponent("b.wav").path, Self.second])
        // The second part starts at 1:02: it is said in the lecture's second minute.
        try await Self.run("sox", [folder.appendingPathComponent("a.wav").path, folder.appendingPathComponent("gap.wav").path, "pad", "0", "50"])
        try await Self.run("sox", [
            folder.appendingPathComponent("gap.wav").path, folder.appendingPathComponent("b.wav").path,
            folder.appendingPathComponent("lecture.wav").path,
        ])
        let attached = try await cli.run(["docs", "add", "Cell Biology", folder.appendingPathComponent("lecture.wav").path])
        #expect(attached.status == 0, "\(attached.stderr)")
        #expect(attached.stdout.contains("recording") && attached.stdout.contains("2 minutes"))

        let store = try await cli.openStore()
        let subject = try #require(try await store.subject(titled: "Cell Biology"))
        let text = try #require(try await store.documents(subjectID: subject.id).first?.text)
        let minutes = text.components(separatedBy: "\u{0C}")
        #expect(minutes.count == 2)
        #expect(minutes[0].lowercased().contains("photosynthesis") && minutes[1].lowercased().contains("powerhouse"))
        let wer = Self.wordErrorRate(reference: Self.first + " " + Self.second, hypothesis: minutes.joined(separator: " "))
        print("espeak-ng lecture, faster-whisper tiny.en: word error rate \(String(format: "%.2f", wer))")
        // Measured 0.22 (11 of 50 words: "convert slight", "adenosine triphosphate"…).
        #expect(wer <= 0.3)

        // The passage cited runs into the second minute, and is shown by its times.
        let answer = try await cli.run(["ask", "Cell Biology", "What is the powerhouse of the cell?", "--provider", "mock", "--json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(answer.stdout.utf8)) as? [String: Any])
        let cited = try #require((json["citations"] as? [[String: Any]])?.first)
        let page = try #require(cited["page"] as? Int), lastPage = cited["lastPage"] as? Int
        #expect((lastPage ?? page) == 2)
        let plain = try await cli.run(["ask", "Cell Biology", "What is the powerhouse of the cell?", "--provider", "mock"])
        #expect(plain.stdout.contains("lecture.wav, \(DocumentPlace.label(document: "lecture.wav", first: page, last: lastPage))"))
        #expect(plain.stdout.contains("1:00") || plain.stdout.contains("1:59"), "\(plain.stdout)")
    }

    @Test func aTranscriptIsCitedByTheMinuteOfItsCue() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        // A 13-minute lecture: a cue every 20 seconds, the threshold defined at 12:10.
        let topics = ["rods", "cones", "the retina", "the cochlea", "taste buds", "olfaction", "the vestibular sense", "proprioception"]
        var cues = (0..<36).map { index in
            let second = index * 20
            return String(format: "00:%02d:%02d.000 --> 00:%02d:%02d.000\nCue %d is about %@ and how it carries signals to the brain.",
                second / 60, second % 60, (second + 5) / 60, (second + 5) % 60, index, topics[index % topics.count])
        }
        cues.append("00:12:10.000 --> 00:12:15.000\nThe absolute threshold is the minimum stimulus energy detected half the time.")
        let transcript = try cli.write("WEBVTT\n\n" + cues.joined(separator: "\n\n") + "\n", to: "week3.vtt")
        let attached = try await cli.run(["docs", "add", "Sensation", transcript.path])
        #expect(attached.status == 0 && attached.stdout.contains("transcript") && attached.stdout.contains("13 minutes"), "\(attached.stdout)")
        let answer = try await cli.run(["ask", "Sensation", "What is the absolute threshold?", "--provider", "mock", "--json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(answer.stdout.utf8)) as? [String: Any])
        let citations = try #require(json["citations"] as? [[String: Any]])
        let cited = try #require(citations.first { ($0["text"] as? String)?.contains("absolute threshold") == true })
        let page = try #require(cited["page"] as? Int)
        #expect(page > 1 && page <= 13)
        let plain = try await cli.run(["ask", "Sensation", "What is the absolute threshold?", "--provider", "mock"])
        #expect(plain.stdout.contains("week3.vtt, \(DocumentPlace.label(document: "week3.vtt", first: page, last: cited["lastPage"] as? Int))"), "\(plain.stdout)")
        #expect(!plain.stdout.contains("week3.vtt, p."))
    }
}
