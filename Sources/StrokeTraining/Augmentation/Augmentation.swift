import Foundation
/// Random changes to training images that keep their class: a small affine warp
/// (rotation, scale, shift), line-thickness and ink-brightness variation, optional mirroring
/// and flipping. Large rotations and flips are off by default: they cost accuracy on the
/// hand-drawn strokes, whose orientation carries information (see models/README.md).
public struct Augmentation: Hashable, Sendable, CustomStringConvertible {
    /// Largest rotation either way, in degrees.
    public var rotationDegrees: Float = 12
    /// Scale is drawn from `1 ± scaleRange`.
    public var scaleRange: Float = 0.1
    /// Largest shift either way, in pixels.
    public var shiftPixels: Float = 2
    /// Probability of drawing the line thicker (a blended 3×3 dilation).
    public var thickenProbability: Float = 0.5
    /// Ink brightness is multiplied by a factor from `1 ± brightnessRange` (clipped to 255).
    public var brightnessRange: Float = 0.3
    /// Probability of a left–right mirror. Off by default: people draw self-loops with a
    /// preferred turning direction, and mirroring cost accuracy in cross-validation.
    public var mirrorProbability: Float = 0
    /// Probability of an upside-down flip.
    public var flipProbability: Float = 0

    public init() {}

    /// Nothing changes: for evaluation and for `--no-augment`.
    public static let none: Augmentation = {
        var a = Augmentation()
        a.rotationDegrees = 0
        a.scaleRange = 0
        a.shiftPixels = 0
        a.thickenProbability = 0
        a.brightnessRange = 0
        a.mirrorProbability = 0
        a.flipProbability = 0
        return a
    }()

    public var isNone: Bool { self == .none }

    public var description: String {
        isNone ? "none" :
            "rotate ±\(rotationDegrees)°, scale ±\(scaleRange), shift ±\(shiftPixels)px, "
            + "thicken p=\(thickenProbability), brightness ±\(brightnessRange), mirror p=\(mirrorProbability), "
            + "flip p=\(flipProbability)"
    }
}

extension Augmentation {
    /// Writes an augmented copy of a `side×side` 8-bit image into `output` as floats
    /// scaled by `scale`. `scratch` must hold `side×side` floats.
    func apply(
        _ image: UnsafePointer<UInt8>, side: Int, scale: Float, random: inout SeededGenerator,
        scratch: UnsafeMutablePointer<Float>, output: UnsafeMutablePointer<Float>
    ) {
        let angle = random.uniform(-rotationDegrees, rotationDegrees) * .pi / 180
        let zoom = 1 + random.uniform(-scaleRange, scaleRange)
        let shiftX = random.uniform(-shiftPixels, shiftPixels)
        let shiftY = random.uniform(-shiftPixels, shiftPixels)
        let mirror: Float = random.nextFloat() < mirrorProbability ? -1 : 1
        let flip: Float = random.nextFloat() < flipProbability ? -1 : 1
        let thicken = random.nextFloat() < thickenProbability ? random.uniform(0.3, 1) : 0
        let gain = 1 + random.uniform(-brightnessRange, brightnessRange)

        // Inverse map: for each output pixel, where in the source it comes from.
        let centre = Float(side - 1) / 2
        let cosA = cosf(angle) / zoom, sinA = sinf(angle) / zoom
        for y in 0..<side {
            for x in 0..<side {
                let dx = (Float(x) - centre - shiftX) * mirror
                let dy = (Float(y) - centre - shiftY) * flip
                let sx = cosA * dx + sinA * dy + centre
                let sy = -sinA * dx + cosA * dy + centre
                scratch[y * side + x] = Self.bilinear(image, side: side, x: sx, y: sy)
            }
        }
        let limit: Float = 255
        for y in 0..<side {
            for x in 0..<side {
                var value = scratch[y * side + x]
                if thicken > 0 {
                    var neighbours: Float = 0
                    if x > 0 { neighbours = max(neighbours, scratch[y * side + x - 1]) }
                    if x < side - 1 { neighbours = max(neighbours, scratch[y * side + x + 1]) }
                    if y > 0 { neighbours = max(neighbours, scratch[(y - 1) * side + x]) }
                    if y < side - 1 { neighbours = max(neighbours, scratch[(y + 1) * side + x]) }
                    value = max(value, thicken * neighbours)
                }
                output[y * side + x] = min(value * gain, limit) * scale
            }
        }
    }

    private static func bilinear(_ image: UnsafePointer<UInt8>, side: Int, x: Float, y: Float) -> Float {
        let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
        let fx = x - Float(x0), fy = y - Float(y0)
        func pixel(_ px: Int, _ py: Int) -> Float {
            px < 0 || py < 0 || px >= side || py >= side ? 0 : Float(image[py * side + px])
        }
        let top = pixel(x0, y0) * (1 - fx) + pixel(x0 + 1, y0) * fx
        let bottom = pixel(x0, y0 + 1) * (1 - fx) + pixel(x0 + 1, y0 + 1) * fx
        return top * (1 - fy) + bottom * fy
    }
}
