import Yams
import PrimerCore

/// A gate without options: its YAML entry is its bare name (`- dedupe`), and any option given
/// is refused as unknown. Its name and `init(options:)` come from here.
protocol OptionlessGate: Gate {
    static var gateName: String { get }
    init()
}

extension OptionlessGate {
    var name: String { Self.gateName }

    init(options: Node?) throws {
        try GateOptions(gate: Self.gateName, node: options).finish()
        self.init()
    }
}
