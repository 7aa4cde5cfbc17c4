import CYaml
import Foundation
import Yams

/// The one way Primer reads YAML (families, batch files, primer.yaml, manifests, eval suites).
///
/// Anchors and aliases let a few lines of YAML stand for an exponentially large document (the
/// "billion laughs" file: each level repeats the previous one nine times). Yams shares an
/// aliased node rather than copying it, but everything after it — hashing mapping keys,
/// converting to JSON or to Foundation values — walks the expanded tree. So before composing,
/// the event stream is read once (linear in the text) and the size the aliases add is counted;
/// a file past the limits is refused with its line.
public enum SafeYAML {
    /// Nodes that aliases may add to a document in all (what is written out is not limited).
    public static let maxAliasNodes = 100_000
    /// Bytes of scalar text that aliases may add to a document in all.
    public static let maxAliasBytes = 10_000_000

    /// `Yams.compose` after the alias check.
    public static func compose(yaml: String) throws -> Node? {
        try checkAliases(yaml)
        return try Yams.compose(yaml: yaml)
    }

    /// `Yams.load` after the alias check.
    public static func load(yaml: String) throws -> Any? {
        try checkAliases(yaml)
        return try Yams.load(yaml: yaml)
    }

    /// Throws `YAMLAliasLimitError` when the aliases of `yaml` expand past the limits. Syntax
    /// errors are left to the composer, which reports them with their own message.
    public static func checkAliases(
        _ yaml: String, maxNodes: Int = maxAliasNodes, maxBytes: Int = maxAliasBytes
    ) throws {
        // Nothing to expand without an alias ("*name"); most files have none.
        guard yaml.utf8.contains(UInt8(ascii: "*")) else { return }
        var bytes = Array(yaml.utf8)
        bytes.append(0)
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        try bytes.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count - 1)
            var budget = AliasBudget(maxNodes: maxNodes, maxBytes: maxBytes)
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { return }
                defer { yaml_event_delete(&event) }
                if event.type == YAML_STREAM_END_EVENT { return }
                try budget.take(event)
            }
        }
    }
}

/// The size each anchored node expands to, and what the aliases have added so far.
private struct AliasBudget {
    struct Size { var nodes = 0; var bytes = 0 }
    let maxNodes: Int
    let maxBytes: Int
    var anchors: [String: Size] = [:]
    /// Open sequences and mappings, innermost last, with their anchor and size so far.
    var open: [(anchor: String?, size: Size)] = []
    var added = Size()

    init(maxNodes: Int, maxBytes: Int) {
        self.maxNodes = maxNodes
        self.maxBytes = maxBytes
    }

    mutating func take(_ event: yaml_event_t) throws {
        switch event.type {
        case YAML_SCALAR_EVENT:
            let size = Size(nodes: 1, bytes: event.data.scalar.length)
            if let anchor = Self.name(event.data.scalar.anchor) { anchors[anchor] = size }
            add(size)
        case YAML_SEQUENCE_START_EVENT:
            open.append((Self.name(event.data.sequence_start.anchor), Size(nodes: 1)))
        case YAML_MAPPING_START_EVENT:
            open.append((Self.name(event.data.mapping_start.anchor), Size(nodes: 1)))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard let closed = open.popLast() else { return }
            if let anchor = closed.anchor { anchors[anchor] = closed.size }
            add(closed.size)
        case YAML_ALIAS_EVENT:
            // An undefined alias is the composer's error to report.
            guard let anchor = Self.name(event.data.alias.anchor), let size = anchors[anchor] else { return }
            added.nodes += size.nodes
            added.bytes += size.bytes
            if added.nodes > maxNodes || added.bytes > maxBytes {
                let limit = added.nodes > maxNodes ? "\(maxNodes) nodes" : "\(maxBytes / 1_000_000) MB of text"
                throw YAMLAliasLimitError(line: event.start_mark.line + 1, alias: anchor, limit: limit)
            }
            add(size)
        default:
            break
        }
    }

    /// Counts a finished node into the collection that holds it. Sizes stay bounded: an alias
    /// adds at most the limits before the check above throws.
    private mutating func add(_ size: Size) {
        guard !open.isEmpty else { return }
        open[open.count - 1].size.nodes += size.nodes
        open[open.count - 1].size.bytes += size.bytes
    }

    private static func name(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}

/// A YAML file whose anchors and aliases expand past `SafeYAML`'s limits.
public struct YAMLAliasLimitError: Error, Sendable, CustomStringConvertible {
    /// The line (from 1) of the alias that went past the limit.
    public let line: Int
    public let alias: String
    /// The limit it went past: "100000 nodes" or "10 MB of text".
    public let limit: String

    /// The problem without the line, for callers that put the file and line in front.
    public var message: String {
        "too many YAML aliases: with *\(alias) the document expands past \(limit) (a \"billion laughs\" file?); "
            + "YAML anchors/aliases are limited to \(SafeYAML.maxAliasNodes) nodes and \(SafeYAML.maxAliasBytes / 1_000_000) MB "
            + "of repeated text, so write the values out instead of repeating them with aliases"
    }

    public var description: String { "line \(line): \(message)" }
}
