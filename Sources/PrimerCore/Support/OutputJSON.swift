import Foundation

/// The JSON encoder and decoder for what Primer writes for people and programs (`--json`,
/// `show --format json`, the batch report, exports, eval results).
///
/// Why not a plain `JSONEncoder`: it throws on NaN and infinity, and one such number (a
/// provider's absurd cost summed to infinity) made `--json` print nothing and the batch report
/// go unwritten. Such numbers are written as the strings "Infinity", "-Infinity" and "NaN"
/// instead, and `decoder()` reads them back.
public enum OutputJSON {
    /// Sorted keys and pretty printing by default, so the output is stable for diffs.
    public static func encoder(_ formatting: JSONEncoder.OutputFormatting = [.prettyPrinted, .sortedKeys]) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = formatting
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return encoder
    }

    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return decoder
    }
}
