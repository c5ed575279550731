import Testing
@testable import StrokeTraining

@Suite("augmentation")
struct AugmentationTests {
    static let image: [UInt8] = (0..<784).map { i in (i / 28 == 14 && (4..<24).contains(i % 28)) ? 200 : 0 }

    func augmented(_ a: Augmentation, seed: UInt64) -> [Float] {
        var random = SeededGenerator(seed: seed)
        var scratch = [Float](repeating: 0, count: 784), out = [Float](repeating: 0, count: 784)
        Self.image.withUnsafeBufferPointer { source in
            scratch.withUnsafeMutableBufferPointer { s in
                out.withUnsafeMutableBufferPointer { o in
                    a.apply(source.baseAddress!, side: 28, scale: 1, random: &random, scratch: s.baseAddress!, output: o.baseAddress!)
                }
            }
        }
        return out
    }

    @Test func noneIsTheIdentity() {
        #expect(augmented(.none, seed: 1) == Self.image.map(Float.init))
    }

    @Test func sameSeedSameImageAndSeedsDiffer() {
        let a = Augmentation()
        #expect(augmented(a, seed: 1) == augmented(a, seed: 1))
        #expect(augmented(a, seed: 1) != augmented(a, seed: 2))
    }

    @Test func keepsTheInkOnTheImageAndInRange() {
        for seed in 0..<50 as Range<UInt64> {
            let out = augmented(Augmentation(), seed: seed)
            #expect(out.allSatisfy { (0...255).contains($0) })
            #expect(out.reduce(0, +) > 0.4 * 200 * 20, "most of the line stays visible")
        }
    }

    @Test func thickeningAddsInk() {
        var thick = Augmentation.none
        thick.thickenProbability = 1
        #expect(augmented(thick, seed: 3).reduce(0, +) > Self.image.reduce(0) { $0 + Float($1) } * 1.2)
    }

    @Test func flipTurnsTheImageUpsideDown() {
        var flip = Augmentation.none
        flip.flipProbability = 1
        let out = augmented(flip, seed: 4)
        // The line on row 14 lands on row 13 (the centre is between rows 13 and 14).
        #expect(out[13 * 28 + 10] == 200 && out[14 * 28 + 10] == 0)
    }
}
