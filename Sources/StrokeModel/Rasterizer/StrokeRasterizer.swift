/// How pen strokes become the network's input image. Stored in model files, so an editor
/// renders strokes exactly as the training images were rendered.
public struct RasterizerParameters: Codable, Hashable, Sendable {
    /// Image width and height in pixels.
    public var side: Int
    /// Pen width in output pixels. Fixed, not scaled with the drawing: editor strokes are far
    /// smaller than the dataset's full-canvas drawings, and a scaled pen would make them thick.
    public var lineWidth: Double
    /// Pixels between the image edge and the fitted centre line's bounding box.
    public var margin: Double
    /// Brightness of a fully covered pixel, 0…1 (1 is 255).
    public var ink: Double

    /// The defaults match the hand-drawn dataset (MNIST Maker, 28×28): its strokes span the
    /// whole image, peak at about 75 % white and carry about 0.9 px of full-white ink per pixel
    /// of length (1.2 px × 0.75).
    public init(side: Int = 28, lineWidth: Double = 1.2, margin: Double = 0.75, ink: Double = 0.75) {
        self.side = side
        self.lineWidth = lineWidth
        self.margin = margin
        self.ink = ink
    }

    /// Why these parameters cannot be used (e.g. read from a damaged model file), or nil.
    public var problem: String? {
        if !(1...4096).contains(side) { return "side \(side) must be 1…4096 pixels" }
        if !(lineWidth > 0 && lineWidth <= Double(side)) { return "lineWidth \(lineWidth) must be above 0 and at most side" }
        if !(margin >= 0 && 2 * margin < Double(side)) { return "margin \(margin) must be at least 0 and below side / 2" }
        if !(ink > 0 && ink <= 1) { return "ink \(ink) must be above 0 and at most 1" }
        return nil
    }

    private enum CodingKeys: String, CodingKey { case side, lineWidth, margin, ink }

    /// Missing keys take the defaults, so files written before a key existed still read.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = RasterizerParameters()
        side = try c.decodeIfPresent(Int.self, forKey: .side) ?? d.side
        lineWidth = try c.decodeIfPresent(Double.self, forKey: .lineWidth) ?? d.lineWidth
        margin = try c.decodeIfPresent(Double.self, forKey: .margin) ?? d.margin
        ink = try c.decodeIfPresent(Double.self, forKey: .ink) ?? d.ink
    }
}

/// Draws strokes (polylines) into a `side`×`side` 8-bit image, white ink on black.
///
/// The drawing's bounding box is scaled to fit inside the margin, aspect ratio kept, and
/// centred. Each pixel's brightness is the share of it the pen covers, from its distance to
/// the nearest segment, so lines are anti-aliased, joints are seamless and the result does not
/// depend on how densely the pen was sampled. Non-finite points are skipped; a stroke of one
/// point, or a drawing whose points all coincide, is a dot in the centre.
public struct StrokeRasterizer: Sendable {
/// Image side, line width, margin and ink: the model file's, so strokes are drawn as in training.
    public let parameters: RasterizerParameters

/// A rasterizer drawing with `parameters` (which must be valid: see `RasterizerParameters.problem`).
    public init(parameters: RasterizerParameters = RasterizerParameters()) {
        precondition(parameters.problem == nil, "invalid rasterizer parameters: \(parameters.problem ?? "")")
        self.parameters = parameters
    }

    /// Bytes per image: `side × side`.
    public var pixelCount: Int { parameters.side * parameters.side }

/// The drawing as the model sees it: `side`×`side` gray bytes, white ink on black, the
/// strokes' bounding box fitted and centred with its aspect kept.
    public func rasterize(_ strokes: [[StrokePoint]]) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: pixelCount) { buffer, count in
            rasterize(strokes, into: buffer)
            count = pixelCount
        }
    }

    /// Renders into `output` (`pixelCount` bytes). Public, unlike the rest of the pixel work,
    /// because it is what lets an editor classify on every pen stroke without allocating: the
    /// image goes into a buffer the editor owns and reuses.
    public func rasterize(_ strokes: [[StrokePoint]], into output: UnsafeMutableBufferPointer<UInt8>) {
        withUnsafeTemporaryAllocation(of: Float.self, capacity: pixelCount) { distances in
            strokes.withUnsafeBufferPointer { rasterize($0, into: output, distances: distances) }
        }
    }

    /// Renders into `output` (`pixelCount` bytes) with `distances` (`pixelCount` floats) as
    /// scratch: allocates nothing, for callers that render on every pen stroke.
    package func rasterize(
        _ strokes: UnsafeBufferPointer<[StrokePoint]>, into output: UnsafeMutableBufferPointer<UInt8>,
        distances nearest: UnsafeMutableBufferPointer<Float>
    ) {
        precondition(output.count == pixelCount, "output holds \(output.count) bytes, not \(pixelCount)")
        precondition(nearest.count >= pixelCount, "scratch holds \(nearest.count) floats, not \(pixelCount)")
        // Squared distance from each pixel centre to the nearest bit of pen path.
        let nearest = UnsafeMutableBufferPointer(rebasing: nearest[..<pixelCount])
        nearest.update(repeating: .infinity)
        if let fit = Fit(strokes, parameters: parameters) {
            for stroke in strokes { draw(stroke, fit: fit, into: nearest) }
        }
        shade(nearest, into: output)
    }

    private func draw(_ stroke: [StrokePoint], fit: Fit, into nearest: UnsafeMutableBufferPointer<Float>) {
        var previous: (x: Double, y: Double)?
        for point in stroke where point.isFinite {
            let p = fit.map(point)
            stamp(from: previous ?? p, to: p, into: nearest)
            previous = p
        }
    }

    /// Lowers the distances of the pixels near segment a–b (a == b is a dot).
    private func stamp(from a: (x: Double, y: Double), to b: (x: Double, y: Double), into nearest: UnsafeMutableBufferPointer<Float>) {
        let side = parameters.side
        let reach = parameters.lineWidth / 2 + 0.5  // beyond this a pixel is not covered at all
        // Pixel i's centre is at i + 0.5.
        func range(_ u: Double, _ v: Double) -> ClosedRange<Int>? {
            let low = max(0, (min(u, v) - reach - 0.5).rounded(.down))
            let high = min(Double(side - 1), (max(u, v) + reach - 0.5).rounded(.up))
            return low <= high ? Int(low)...Int(high) : nil
        }
        guard let columns = range(a.x, b.x), let rows = range(a.y, b.y) else { return }
        let dx = b.x - a.x, dy = b.y - a.y
        let length2 = dx * dx + dy * dy
        // Four columns at a time: the same operations in the same order as the scalar tail,
        // lane by lane, so the same bits (the built-in dataset was drawn with them).
        typealias Lanes = SIMD4<Double>
        let lane = Lanes(0.5, 1.5, 2.5, 3.5)
        for row in rows {
            let py = Double(row) + 0.5
            let across = (py - a.y) * dy
            var column = columns.lowerBound
            while column + 4 <= columns.upperBound + 1 {
                let px = Lanes(repeating: Double(column)) + lane
                var t = Lanes(repeating: 0)
                if length2 > 0 {
                    t = ((px - a.x) * dx + across) / length2
                    // max(0, t) and min(1, t) exactly as the standard library's (t ≥ 0 ? t : 0, t < 1 ? t : 1).
                    t = t.replacing(with: 0, where: .!(t .>= 0))
                    t = t.replacing(with: 1, where: .!(t .< 1))
                }
                let ex = a.x + t * dx - px, ey = a.y + t * dy - py
                let distance = SIMD4<Float>(ex * ex + ey * ey)
                let target = nearest.baseAddress! + row * side + column
                let old = SIMD4<Float>(target[0], target[1], target[2], target[3])
                let lowered = old.replacing(with: distance, where: distance .< old)
                (target[0], target[1], target[2], target[3]) = (lowered[0], lowered[1], lowered[2], lowered[3])
                column += 4
            }
            for column in column..<(columns.upperBound + 1) {
                let px = Double(column) + 0.5
                let t = length2 > 0 ? min(1, max(0, ((px - a.x) * dx + across) / length2)) : 0
                let ex = a.x + t * dx - px, ey = a.y + t * dy - py
                let index = row * side + column
                nearest[index] = min(nearest[index], Float(ex * ex + ey * ey))
            }
        }
    }

    /// Coverage of a pixel by a pen band at distance d: the overlap of the pixel's extent
    /// across the line, [d − ½, d + ½], with the band's, [−w/2, w/2]. Integrates to w across.
    private func shade(_ nearest: UnsafeMutableBufferPointer<Float>, into output: UnsafeMutableBufferPointer<UInt8>) {
        let half = parameters.lineWidth / 2
        let reach2 = Float((half + 0.5) * (half + 0.5))
        let peak = 255 * parameters.ink
        for i in 0..<pixelCount {
            guard nearest[i] < reach2 else { output[i] = 0; continue }
            let d = Double(nearest[i].squareRoot())
            let coverage = min(1, max(0, min(d + 0.5, half) - max(d - 0.5, -half)))
            output[i] = UInt8(min(255, (peak * coverage).rounded()))
        }
    }
}

/// Maps drawing coordinates to pixels: bounding box fitted inside the margin, centred.
private struct Fit {
    let centreX: Double, centreY: Double, scale: Double, middle: Double

    /// nil when no point is finite. Works on halved coordinates so that even extreme values
    /// cannot overflow to infinity (which would give NaN).
    init?(_ strokes: UnsafeBufferPointer<[StrokePoint]>, parameters: RasterizerParameters) {
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        for stroke in strokes {
            for p in stroke where p.isFinite {
                minX = min(minX, p.x); maxX = max(maxX, p.x)
                minY = min(minY, p.y); maxY = max(maxY, p.y)
            }
        }
        guard minX <= maxX else { return nil }
        centreX = minX * 0.5 + maxX * 0.5
        centreY = minY * 0.5 + maxY * 0.5
        let halfExtent = max(maxX * 0.5 - minX * 0.5, maxY * 0.5 - minY * 0.5)
        let s = (Double(parameters.side) - 2 * parameters.margin) / halfExtent
        // All points on one spot (or too close to tell apart): a dot in the middle.
        scale = halfExtent > 0 && s.isFinite ? s : 0
        middle = Double(parameters.side) / 2
    }

    func map(_ p: StrokePoint) -> (x: Double, y: Double) {
        // (x − centre) / 2 × (side − 2·margin) / (extent / 2) = (x − centre) × fitted size / extent.
        ((p.x * 0.5 - centreX * 0.5) * scale + middle, (p.y * 0.5 - centreY * 0.5) * scale + middle)
    }
}
