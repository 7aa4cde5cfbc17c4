import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Process CPU time and peak memory from getrusage(2).
struct ResourceUsage: Sendable {
    var user: Double
    var system: Double
    var maxRSSKB: Int
    var cpu: Double { user + system }

    static func now() -> ResourceUsage {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return ResourceUsage(user: seconds(usage.ru_utime), system: seconds(usage.ru_stime), maxRSSKB: Int(usage.ru_maxrss))
    }

    static func - (a: ResourceUsage, b: ResourceUsage) -> ResourceUsage {
        ResourceUsage(user: a.user - b.user, system: a.system - b.system, maxRSSKB: a.maxRSSKB)
    }
}

/// Median and spread of a list of samples.
struct Stats: Sendable, Codable {
    var count: Int
    var median: Double
    var p10: Double
    var p90: Double
    var min: Double
    var max: Double
    var mean: Double

    init(_ samples: [Double]) {
        let sorted = samples.sorted()
        count = sorted.count
        func at(_ q: Double) -> Double {
            guard !sorted.isEmpty else { return .nan }
            let position = q * Double(sorted.count - 1)
            let low = Int(position.rounded(.down)), high = Int(position.rounded(.up))
            return sorted[low] + (sorted[high] - sorted[low]) * (position - Double(low))
        }
        median = at(0.5)
        p10 = at(0.1)
        p90 = at(0.9)
        min = sorted.first ?? .nan
        max = sorted.last ?? .nan
        mean = sorted.isEmpty ? .nan : sorted.reduce(0, +) / Double(sorted.count)
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}

/// Facts about the machine, printed with every result.
struct MachineFacts: Codable, Sendable {
    var cpus: Int
    var cpuModel: String
    var memoryMB: Int
    var loadAverage: String
    var kernel: String
    var date: String

    static func collect() -> MachineFacts {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" } ?? "?"
        let load = ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?")
            .split(separator: " ").prefix(3).joined(separator: " ")
        let kernel = ((try? String(contentsOfFile: "/proc/sys/kernel/osrelease", encoding: .utf8)) ?? "?")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return MachineFacts(
            cpus: ProcessInfo.processInfo.activeProcessorCount, cpuModel: model,
            memoryMB: Int(ProcessInfo.processInfo.physicalMemory / 1_048_576), loadAverage: load, kernel: kernel,
            date: ISO8601DateFormatter().string(from: Date()))
    }

    var line: String { "\(cpus) CPUs (\(cpuModel)), \(memoryMB) MB, load average \(loadAverage), Linux \(kernel), \(date)" }
}

/// A plain text table.
struct Table {
    var header: [String]
    var rows: [[String]] = []

    mutating func add(_ row: [String]) { rows.append(row) }

    var text: String {
        var widths = header.map(\.count)
        for row in rows { for (i, cell) in row.enumerated() where i < widths.count { widths[i] = Swift.max(widths[i], cell.count) } }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { i, cell in
                i == 0 ? cell.padding(toLength: widths[i], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[i] - cell.count) + cell
            }.joined(separator: "  ")
        }
        return ([line(header), widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")] + rows.map(line))
            .joined(separator: "\n")
    }
}

func fmt(_ value: Double, _ digits: Int = 3) -> String { String(format: "%.\(digits)f", value) }

/// Pretty JSON for the results.
func jsonText<T: Encodable>(_ value: T) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
}

func writeJSON<T: Encodable>(_ value: T, to path: String?) throws {
    guard let path else { return }
    try Data(jsonText(value).utf8).write(to: URL(fileURLWithPath: path))
}

/// A fresh temporary folder for stores.
func temporaryFolder(_ prefix: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// General subject titles (the classifier must see them as general, not language, subjects).
let subjectTitles = [
    "Linear Algebra", "Organic Chemistry", "Microeconomics", "Cell Biology", "World History since 1900",
    "Thermodynamics", "Statistics for Data Analysis", "Operating Systems", "Music Theory", "Human Anatomy",
    "Classical Mechanics", "Macroeconomics", "Computer Networks", "Astronomy", "Probability Theory",
    "Genetics", "Art History", "Database Systems", "Calculus", "Ecology",
]

func subjectTitle(_ index: Int, run: String = "") -> String {
    "\(subjectTitles[index % subjectTitles.count]) \(run)\(index + 1)"
}
