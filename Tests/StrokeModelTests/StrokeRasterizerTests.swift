import Foundation
import StrokeModel
import Testing

@Suite struct StrokeRasterizerTests {
    let rasterizer = StrokeRasterizer()
    let side = 28

    private func p(_ x: Double, _ y: Double) -> StrokePoint { StrokePoint(x: x, y: y) }

    /// A circle of `radius` around (cx, cy) with a point every `spacing` units.
    private func circle(radius: Double, spacing: Double, cx: Double = 0, cy: Double = 0) -> [StrokePoint] {
        let count = max(3, Int((2 * .pi * radius / spacing).rounded()))
        return (0...count).map { i in
            let a = 2 * Double.pi * Double(i) / Double(count)
            return p(cx + radius * cos(a), cy + radius * sin(a))
        }
    }

    /// Rows and columns holding any ink.
    private func inkRows(_ image: [UInt8]) -> [Int] { (0..<side).filter { y in (0..<side).contains { image[y * side + $0] > 0 } } }
    private func inkColumns(_ image: [UInt8]) -> [Int] { (0..<side).filter { x in (0..<side).contains { image[$0 * side + x] > 0 } } }
    private func ink(_ image: [UInt8]) -> Double { image.reduce(0) { $0 + Double($1) } / 255 }
    private func maxDifference(_ a: [UInt8], _ b: [UInt8]) -> Int { zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0 }

    @Test func horizontalLineSpansTheWidthOnTheMiddleRows() {
        let image = rasterizer.rasterize([[p(-40, 7), p(160, 7)]])
        #expect(image.count == side * side)
        #expect(inkColumns(image) == Array(0..<side), "fitted to the full width")
        #expect(inkRows(image) == [13, 14], "centred vertically: the line lies on y = 14")
        for x in 0..<side {
            #expect(image[13 * side + x] == image[14 * side + x], "symmetric about the middle")
            #expect(abs(Int(image[13 * side + x]) - Int(image[13 * side + side - 1 - x])) <= 1, "symmetric left to right")
        }
    }

    @Test func aspectRatioIsKeptAndTheDrawingCentred() {
        // A 200 × 100 rectangle: the width fills the image, the height half of it, centred.
        let rectangle = [p(0, 0), p(200, 0), p(200, 100), p(0, 100), p(0, 0)]
        let image = rasterizer.rasterize([rectangle])
        let rows = inkRows(image), columns = inkColumns(image)
        #expect(columns == Array(0..<side))
        let height = rows.count
        #expect((14...16).contains(height), "height \(height): about half the width plus the pen")
        let top = rows.first ?? -1, bottom = side - 1 - (rows.last ?? side)
        #expect(abs(top - bottom) <= 1, "top margin \(top), bottom margin \(bottom)")
        // A tall one is the same picture turned: the height fills, the width is half.
        let tall = rasterizer.rasterize([rectangle.map { p($0.y, $0.x) }])
        #expect(inkRows(tall) == Array(0..<side) && inkColumns(tall).count == height)
    }

    @Test func lineWidthIsInOutputPixelsWhateverTheDrawingSize() {
        let small = rasterizer.rasterize([circle(radius: 30, spacing: 2)])
        let large = rasterizer.rasterize([circle(radius: 300, spacing: 20)])
        #expect(abs(ink(small) - ink(large)) < 0.02 * ink(large), "ink \(ink(small)) vs \(ink(large))")
        #expect(maxDifference(small, large) <= 8)
        // Ink per pixel of length is the pen's width times its brightness.
        let fitted = Double(side) - 2 * rasterizer.parameters.margin
        let perLength = ink(large) / (Double.pi * fitted)
        let expected = rasterizer.parameters.lineWidth * rasterizer.parameters.ink
        #expect(abs(perLength - expected) < 0.08 * expected, "ink per pixel of length \(perLength), expected \(expected)")
    }

    @Test func widerPenGivesProportionallyMoreInk() {
        var parameters = RasterizerParameters()
        let line = [[p(0, 0), p(50, 0)]]
        let thin = ink(StrokeRasterizer(parameters: parameters).rasterize(line))
        parameters.lineWidth *= 2
        let thick = ink(StrokeRasterizer(parameters: parameters).rasterize(line))
        #expect(abs(thick / thin - 2) < 0.15, "ink \(thin) → \(thick)")
    }

    @Test func sparseAndDensePointsGiveNearlyTheSameImage() {
        // A point every 50 units against one every unit, same circle.
        let sparse = rasterizer.rasterize([circle(radius: 300, spacing: 50)])
        let dense = rasterizer.rasterize([circle(radius: 300, spacing: 1)])
        #expect(maxDifference(sparse, dense) <= 10)
        #expect(abs(ink(sparse) - ink(dense)) < 0.02 * ink(dense))
        // A straight line is exactly the same whether given by its ends or by 201 points.
        let ends = rasterizer.rasterize([[p(0, 0), p(200, 120)]])
        let many = rasterizer.rasterize([(0...200).map { p(Double($0), 0.6 * Double($0)) }])
        #expect(maxDifference(ends, many) <= 1)
    }

    @Test func singleOrCoincidentPointsGiveASmallCentredDot() {
        let dot = rasterizer.rasterize([[p(123.4, -56.7)]])
        #expect(inkRows(dot) == [13, 14] && inkColumns(dot) == [13, 14], "a 2 × 2 dot around the centre")
        #expect(Set([dot[13 * side + 13], dot[13 * side + 14], dot[14 * side + 13], dot[14 * side + 14]]).count == 1)
        let coincident = rasterizer.rasterize([[p(5, 5), p(5, 5), p(5, 5)], [p(5, 5)]])
        #expect(coincident == dot)
    }

    @Test func emptyInputGivesABlackImage() {
        for strokes: [[StrokePoint]] in [[], [[]], [[], []]] {
            let image = rasterizer.rasterize(strokes)
            #expect(image == [UInt8](repeating: 0, count: side * side))
        }
    }

    @Test func nonFinitePointsAreSkipped() {
        let clean = rasterizer.rasterize([[p(0, 0), p(100, 40)]])
        #expect(rasterizer.rasterize([[p(0, 0), p(.nan, 3), p(100, 40), p(.infinity, 0)]]) == clean)
        #expect(rasterizer.rasterize([[p(.nan, .nan)]]) == [UInt8](repeating: 0, count: side * side))
        // Huge coordinates must not overflow into NaN.
        let huge = rasterizer.rasterize([[p(-1e308, 0), p(1.7e308, 0)]])
        #expect(inkColumns(huge) == Array(0..<side) && inkRows(huge) == [13, 14])
    }

    @Test func renderingIsDeterministicAndBufferVariantAgrees() {
        let strokes = [circle(radius: 80, spacing: 7, cx: 3, cy: -9), [p(0, 0), p(40, 90), p(-20, 30)]]
        let first = rasterizer.rasterize(strokes)
        #expect(StrokeRasterizer().rasterize(strokes) == first)
        var buffer = [UInt8](repeating: 99, count: side * side)
        buffer.withUnsafeMutableBufferPointer { rasterizer.rasterize(strokes, into: $0) }
        #expect(buffer == first)
        #expect(ink(first) > 0)
    }

    @Test func parametersRoundTripAndFillInMissingKeys() throws {
        let parameters = RasterizerParameters(side: 28, lineWidth: 2.5, margin: 1, ink: 0.5)
        let data = try JSONEncoder().encode(parameters)
        #expect(try JSONDecoder().decode(RasterizerParameters.self, from: data) == parameters)
        let partial = try JSONDecoder().decode(RasterizerParameters.self, from: Data(#"{"lineWidth": 2}"#.utf8))
        #expect(partial.lineWidth == 2 && partial.side == 28 && partial.ink == RasterizerParameters().ink)
        #expect(RasterizerParameters().problem == nil)
        #expect(RasterizerParameters(lineWidth: 0).problem != nil)
        #expect(RasterizerParameters(lineWidth: .nan).problem != nil)
        #expect(RasterizerParameters(margin: 14).problem != nil)
        #expect(RasterizerParameters(ink: 1.5).problem != nil)
        #expect(RasterizerParameters(side: 0).problem != nil)
    }
}
