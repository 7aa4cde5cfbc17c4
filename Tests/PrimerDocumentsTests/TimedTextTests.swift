import Foundation
import PrimerCore
import Testing

@testable import PrimerDocuments

/// Transcripts (.vtt, .srt) as pages of a minute each, and how their places are shown.
@Suite struct TimedTextTests {
    static let vtt = """
        WEBVTT
        Kind: captions

        NOTE recorded in week 3

        intro
        00:00:01.000 --> 00:00:04.000 align:start
        <v Professor>Transduction turns a stimulus into action potentials.</v>

        00:00:04.000 --> 00:00:06.500
        Transduction turns a stimulus into action potentials.
        <c.yellow>Receptors</c> do it &amp; nothing else.

        01:05.000 --> 01:09.000
        The absolute <i>threshold</i> is the least energy detected half the time.

        00:03:30.250 --> 00:03:33.000
        Weber's law: the just noticeable difference is a constant fraction.
        """

    @Test func aWebVTTTranscriptIsItsCuesByMinute() async throws {
        let folder = try TemporaryFolder()
        let document = try await DocumentExtractor.extract(file: try folder.write("Lecture 3.vtt", Self.vtt))
        #expect(document.format == .transcript)
        #expect(document.pages == [
            "Transduction turns a stimulus into action potentials. Receptors do it & nothing else.",
            "The absolute threshold is the least energy detected half the time.",
            "",
            "Weber's law: the just noticeable difference is a constant fraction.",
        ])
        #expect(!document.text.contains("NOTE") && !document.text.contains("intro") && !document.text.contains("-->"))
    }

    @Test func aSubRipTranscriptReadsTheSameWay() async throws {
        let folder = try TemporaryFolder()
        let srt = "1\r\n00:00:02,000 --> 00:00:05,000\r\n<i>Rods</i> see in dim light.\r\n\r\n2\r\n00:02:00,000 --> 00:02:03,500\r\nCones see colour.\r\n"
        let document = try await DocumentExtractor.extract(file: try folder.write("talk.SRT", srt))
        #expect(document.pages == ["Rods see in dim light.", "", "Cones see colour."])
    }

    @Test func aTranscriptWithoutTimingsOrOfDaysIsRefused() async throws {
        let folder = try TemporaryFolder()
        await #expect(throws: DocumentError.noCues(name: "notes.vtt")) {
            try await DocumentExtractor.extract(file: try folder.write("notes.vtt", "WEBVTT\n\nJust some words.\n"))
        }
        // Timings that are no place in a recording are no cues.
        await #expect(throws: DocumentError.noCues(name: "odd.vtt")) {
            try await DocumentExtractor.extract(file: try folder.write(
                "odd.vtt", "WEBVTT\n\n00:00:nan --> 00:00:01.000\nA\n\n-5:00.000 --> 00:01.000\nB\n\n1e309:00.000 --> 00:02.000\nC\n"))
        }
        await #expect(throws: DocumentError.recordingTooLong(name: "typo.srt", hours: 99, limitHours: 12)) {
            try await DocumentExtractor.extract(file: try folder.write("typo.srt", "1\n99:00:00,000 --> 99:00:01,000\nHello\n"))
        }
    }

    @Test func timedPlacesAreTimesAndPagedPlacesArePages() {
        #expect(DocumentPlace.label(document: "lecture.vtt", first: 13) == "at 12:00")
        #expect(DocumentPlace.label(document: "lecture.MP3", first: 13, last: 15) == "12:00–14:59")
        #expect(DocumentPlace.label(document: "long.wav", first: 63) == "at 1:02:00")
        #expect(DocumentPlace.fragment(document: "lecture.srt", page: 13) == "t=720")
        #expect(DocumentPlace.label(document: "ch05.pdf", first: 3, last: 4) == "pp. 3–4")
        #expect(DocumentPlace.fragment(document: "ch05.pdf", page: 3) == "page=3")
        #expect(GroundingPassage(document: "lecture.vtt", page: 2, heading: "", text: "x").citation.url == "document:lecture.vtt#t=60")
        let formats = Set(DocumentFormat.transcript.extensions + DocumentFormat.recording.extensions)
        #expect(formats == DocumentPlace.timedExtensions)
    }
}
