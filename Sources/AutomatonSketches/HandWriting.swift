import AutomataEditorCore
import StrokeModel
import StrokeTraining

/// A name or label written by hand, as the symbol model's generated hands write each
/// character (`SyntheticSymbols`): characters 0.45–0.7 of the states' radius tall (people
/// write smaller than they draw) side by side, a comma as a small tick on the line, the whole
/// centred where a typed text would go, and written smaller when it must fit in `widest`
/// (a name inside its state: people fit it in the circle).
enum HandWriting {
    static func strokes(of text: String, centredAt point: CanvasPoint, stateRadius: Double, widest: Double = .infinity,
                        random: inout SeededGenerator) -> [[CanvasPoint]] {
        let height = stateRadius * random.between(0.45, 0.7)
        var strokes: [[CanvasPoint]] = []
        var x = 0.0
        // A capital the symbols lack is written as its small letter.
        for character in text.map({ SyntheticSymbols.labels.contains(String($0)) ? $0 : Character($0.lowercased()) }) {
            guard character == "," || SyntheticSymbols.labels.contains(String(character)) else { continue }
            if character == "," {
                strokes.append((0...5).map { i in
                    let t = Double(i) / 5
                    return CanvasPoint(x: x + 0.12 * height * (1 - t * t), y: height * (0.85 + 0.35 * t))
                })
                x += 0.45 * height
                continue
            }
            let glyph = SyntheticSymbols.written(String(character), random: &random)
            let points = glyph.flatMap { $0 }
            let (minX, maxX) = (points.map(\.x).min()!, points.map(\.x).max()!)
            let (minY, maxY) = (points.map(\.y).min()!, points.map(\.y).max()!)
            let scale = height / max(maxY - minY, maxX - minX, 1)
            let top = (height - (maxY - minY) * scale) / 2
            strokes += glyph.map { $0.map { CanvasPoint(x: x + ($0.x - minX) * scale, y: top + ($0.y - minY) * scale) } }
            x += (maxX - minX) * scale + random.between(0.2, 0.35) * height
        }
        let width = max(0, x - 0.3 * height)
        let shrink = width > widest ? widest / width : 1
        return strokes.map { $0.map { CanvasPoint(x: ($0.x - width / 2) * shrink + point.x, y: ($0.y - height / 2) * shrink + point.y) } }
    }
}
