import AutomataEditorCore

extension Flowchart {
    /// The height of the median node's bounding box (the mean of the two middle ones for an
    /// even count); nil without a node.
    package var medianNodeHeight: Double? {
        let heights = nodes.compactMap { InkBox($0.strokes.joined())?.height }.sorted()
        guard !heights.isEmpty else { return nil }
        return (heights[(heights.count - 1) / 2] + heights[heights.count / 2]) / 2
    }

    /// The flowchart scaled uniformly so that the median node is `height` points high (FC_A
    /// is normalised to a 2000-unit box; states as people draw them are 40–60 points across),
    /// and moved so that its ink starts 40 points from the canvas's corner. Nil when the
    /// median node has no height.
    package func scaled(medianNodeHeight height: Double) -> Flowchart? {
        guard let median = medianNodeHeight, median > 0,
              let box = InkBox(((nodes + texts).flatMap(\.strokes) + arrows.flatMap(\.strokes)).flatMap { $0 })
        else { return nil }
        let scale = height / median, margin = 40.0
        func scaled(_ strokes: [[CanvasPoint]]) -> [[CanvasPoint]] {
            strokes.map { $0.map { CanvasPoint(x: ($0.x - box.minX) * scale + margin, y: ($0.y - box.minY) * scale + margin) } }
        }
        var result = self
        result.nodes = nodes.map { Symbol(id: $0.id, kind: $0.kind, strokes: scaled($0.strokes)) }
        result.texts = texts.map { Symbol(id: $0.id, kind: $0.kind, strokes: scaled($0.strokes)) }
        result.arrows = arrows.map { Arrow(id: $0.id, source: $0.source, target: $0.target, strokes: scaled($0.strokes)) }
        return result
    }
}
