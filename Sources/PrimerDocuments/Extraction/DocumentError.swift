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
            "\(name) has no text layer (a scanned PDF?); OCR it first or attach a text version."
        case .encryptedPDF(let name):
            "\(name) is encrypted (password protected); remove the password (e.g. qpdf --decrypt) or attach a text version."
        case .corruptPDF(let name, let detail):
            "\(name) is not a valid PDF (\(detail)); export it again or attach a text version."
        case .corruptDOCX(let name, let detail):
            "\(name) is not a valid Word document (\(detail)); save it again as .docx or attach a text version."
        case .docxTooLarge(let name, let limitMB):
            "\(name): word/document.xml expands to more than \(limitMB) MB; a Word document this large is not supported "
                + "(or the file is a zip bomb); split it into smaller documents or attach a text version."
        }
    }
}
