import Foundation

/// Printing of results: a table for people, JSON for tools.
enum Report {
    static func table(_ results: [BenchResult]) -> String {
        let byName = Dictionary(results.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        var lines = [
            "| case | n | ns/op (min) | mean ± std per op | baseline | speed-up |",
            "|---|---:|---:|---:|---|---:|",
        ]
        for r in results {
            var speedup = ""
            if let b = r.baseline, let base = byName[b] {
                let ratio = base.nsPerOp / r.nsPerOp
                // Tiny ratios (a byte scan against a parser) keep two significant digits.
                speedup = String(format: ratio < 0.01 ? "%.2g×" : "%.2f×", ratio)
            }
            let mean = r.meanNs / Double(r.n), std = r.stdNs / Double(r.n)
            lines.append(
                "| \(r.name) | \(r.n) | \(fmt(r.nsPerOp)) | \(fmt(mean)) ± \(fmt(std)) | \(r.baseline ?? "—") | \(speedup) |"
                    + (r.failure.map { " CHECK FAILED: \($0)" } ?? ""))
        }
        return lines.joined(separator: "\n")
    }

    static func json(_ results: [BenchResult]) throws -> String {
        struct Row: Encodable {
            var name: String
            var n: Int
            var ns_per_op: Double
            var baseline: String?
            var mean_ns_per_op: Double
            var std_ns_per_op: Double
            var repetitions: Int
            var check: String

            func encode(to encoder: Encoder) throws {
                var c = encoder.container(keyedBy: CodingKeys.self)
                try c.encode(name, forKey: .name)
                try c.encode(n, forKey: .n)
                try c.encode(ns_per_op, forKey: .ns_per_op)
                try c.encode(baseline, forKey: .baseline)  // explicit null when absent
                try c.encode(mean_ns_per_op, forKey: .mean_ns_per_op)
                try c.encode(std_ns_per_op, forKey: .std_ns_per_op)
                try c.encode(repetitions, forKey: .repetitions)
                try c.encode(check, forKey: .check)
            }
            enum CodingKeys: String, CodingKey {
                case name, n, ns_per_op, baseline, mean_ns_per_op, std_ns_per_op, repetitions, check
            }
        }
        let rows = results.map {
            Row(
                name: $0.name, n: $0.n, ns_per_op: $0.nsPerOp, baseline: $0.baseline,
                mean_ns_per_op: $0.meanNs / Double($0.n), std_ns_per_op: $0.stdNs / Double($0.n),
                repetitions: $0.repetitions, check: $0.failure ?? "ok")
        }
        let enc = JSONEncoder()
        enc.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try enc.encode(rows), as: UTF8.self)
    }

    private static func fmt(_ ns: Double) -> String {
        if ns >= 1_000_000 { return String(format: "%.2f ms", ns / 1e6) }
        if ns >= 1000 { return String(format: "%.2f µs", ns / 1e3) }
        return String(format: "%.2f ns", ns)
    }
}
