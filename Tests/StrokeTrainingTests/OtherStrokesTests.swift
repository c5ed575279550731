import Foundation
import StrokeModel
import Testing
@testable import StrokeTraining

@Suite struct OtherStrokesTests {
    private typealias Family = SyntheticStrokes.OtherFamily

    private func parts(count: Int, seed: UInt64) -> [(strokes: [[StrokePoint]], family: Family)] {
        var random = SeededGenerator(seed: seed)
        return (0..<count).map { _ in SyntheticStrokes.otherParts(random: &random) }
    }

    private func size(of strokes: [[StrokePoint]]) -> Double {
        let points = strokes.joined()
        let (xs, ys) = (points.map(\.x), points.map(\.y))
        return max(xs.max()! - xs.min()!, ys.max()! - ys.min()!)
    }

    @Test func sameSeedGivesTheSameStrokes() {
        let a = parts(count: 40, seed: 3), b = parts(count: 40, seed: 3), c = parts(count: 40, seed: 4)
        #expect(a.map(\.strokes) == b.map(\.strokes) && a.map(\.family) == b.map(\.family))
        #expect(zip(a, c).filter { $0.strokes == $1.strokes }.isEmpty)
    }

    @Test func everyFamilyAppearsInItsShare() {
        let families = parts(count: 600, seed: 5).map(\.family)
        #expect(abs(Family.allCases.map(\.share).reduce(0, +) - 1) < 1e-9)
        for family in Family.allCases {
            let seen = Double(families.filter { $0 == family }.count) / Double(families.count)
            // Within three standard deviations of the share's binomial spread over 600 draws.
            let spread = (family.share * (1 - family.share) / Double(families.count)).squareRoot()
            #expect(seen > 0 && abs(seen - family.share) < 3 * spread, "\(family): \(seen) of the drawings, share \(family.share)")
        }
    }

    /// One or two strokes of at least three finite points, as `strokesAreFiniteSequences` asks
    /// of every class, even when sampled sparsely.
    @Test func drawingsAreFiniteAndNotDegenerate() {
        var random = SeededGenerator(seed: 6)
        for _ in 0..<250 {
            let strokes = SyntheticStrokes.strokes(.other, random: &random)
            #expect((1...2).contains(strokes.count))
            #expect(strokes.allSatisfy { $0.count >= 3 && $0.allSatisfy(\.isFinite) })
            #expect(size(of: strokes) > 0)
        }
    }

    /// 30–300 units across (dots 2–10), and drawn with their pens as much ink as the classes
    /// carry (`everyClassHasImagesWithInkFittedInside`): no scribble fills the image.
    @Test func drawingsHaveTheClassesSizesAndInk() {
        for (strokes, family) in parts(count: 200, seed: 7) {
            let across = size(of: strokes)
            #expect(family == .dot ? (1.9...10.1).contains(across) : (29.9...300.1).contains(across), "\(family): \(across) across")
        }
        let others = SyntheticDataset.drawings(perClass: 150, seed: 7).filter { $0.kind == .other }
        let images = SyntheticDataset.render(others)
        for index in 0..<images.count {
            let inked = images.image(index).filter { $0 > 0 }.count
            #expect((30...400).contains(inked), "other drawing \(index): \(inked) inked pixels")
        }
    }

    /// Letters that honestly look like a circle, an arrow or a self-loop are not written.
    @Test func glyphsLeaveOutShapesOfTheClasses() {
        let names = Set(GlyphSkeleton.all.map(\.name))
        #expect(names.isDisjoint(with: "0oOcC1lIi7vVL69Pqa"), "\(names.sorted())")
        #expect(names.count == GlyphSkeleton.all.count, "each glyph once")
        #expect(GlyphSkeleton.withinWords.allSatisfy { $0.strokes.count == 1 })
        for glyph in GlyphSkeleton.all + GlyphSkeleton.withinWords {
            let points = glyph.strokes.flatMap { $0.map(\.point) }
            #expect(points.allSatisfy { (-0.2...1.5).contains($0.x) && (-0.85...1.85).contains($0.y) }, "\(glyph.name)")
            // A stroke much shorter than the glyph could lose its middle point to sparse sampling.
            for stroke in glyph.strokes {
                let aims = stroke.map(\.point)
                let reach = zip(aims, aims.dropFirst()).map { (a: Point, b: Point) -> Double in
                    let step = b - a
                    return (step * step).sum().squareRoot()
                }.reduce(0, +)
                #expect(stroke.count >= 2 && reach >= 0.6 * extent(of: points), "\(glyph.name)")
            }
        }
    }

    /// Appending `other` keeps every arrow, circle and cycle as it was: drawing i of the class at
    /// place k comes from the seed's stream k << 32 | i, and the three keep places 0, 1 and 2.
    @Test func theFirstThreeClassesKeepTheirDrawings() {
        #expect(SyntheticStrokes.Kind.allCases == [.arrow, .circle, .cycle, .other])
        let seed: UInt64 = 4, perClass = 6
        let drawings = SyntheticDataset.drawings(perClass: perClass, seed: seed)
        #expect(drawings.count == 4 * perClass)
        let root = SeededGenerator(seed: seed)
        for (place, kind) in [(0, SyntheticStrokes.Kind.arrow), (1, .circle), (2, .cycle)] {
            for i in 0..<perClass {
                var random = root.derived(UInt64(place) << 32 | UInt64(i))
                let drawing = drawings[place * perClass + i]
                #expect(drawing.kind == kind)
                let same = drawing.strokes == SyntheticStrokes.strokes(kind, random: &random)
                #expect(same, "\(kind) \(i) is not drawn from stream \(place) << 32 | \(i)")
            }
        }
        #expect(drawings.suffix(perClass).allSatisfy { $0.kind == .other })
    }
}
