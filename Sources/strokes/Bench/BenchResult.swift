import Foundation
import StrokeReports

/// One figure of `strokes bench suite`, with its peer's when there is one.
struct BenchResult: Encodable {
    let name: String
    let ours: Double
    var peer: Double? = nil
    var peerName: String? = nil
    let unit: String
    var higherIsBetter = true
    /// A training figure's share of the images/s the sgemm ceiling allows (`SuiteFigures.trainingCeiling`).
    var ofSGEMMCeiling: Double? = nil

    /// Above 1: ours is faster (ours/peer for rates, peer/ours for times).
    var ratio: Double? {
        guard let peer, peer > 0, ours > 0 else { return nil }
        return higherIsBetter ? ours / peer : peer / ours
    }

    enum CodingKeys: String, CodingKey { case name, ours, peer, peerName = "peer_name", ratio, unit, ofSGEMMCeiling = "of_sgemm_ceiling" }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(ours, forKey: .ours)
        try c.encode(peer, forKey: .peer)
        try c.encode(peerName, forKey: .peerName)
        try c.encode(ratio, forKey: .ratio)
        try c.encode(unit, forKey: .unit)
        try c.encode(ofSGEMMCeiling, forKey: .ofSGEMMCeiling)
    }

    static func table(_ results: [BenchResult]) -> String {
        var rows = [["figure", "ours", "peer", "peer value", "ratio (>1: ours faster)", "unit", "of sgemm ceiling"]]
        for r in results {
            rows.append([
                r.name, format(r.ours), r.peerName ?? "–", r.peer.map(format) ?? "–",
                r.ratio.map { FixedDecimal($0, digits: 2).description + "×" } ?? "–", r.unit,
                r.ofSGEMMCeiling.map { Percent($0, digits: 0).description } ?? "–",
            ])
        }
        return TextTable.render(rows, rightAligned: [1, 3, 4, 6])
    }

    static func format(_ value: Double) -> String {
        value >= 100 ? String(Int(value.rounded())) : FixedDecimal(value, digits: 1).description
    }

    static func json(_ results: [BenchResult]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(results), as: UTF8.self) + "\n"
    }
}
