import Foundation
import Testing
@testable import StrokeTraining

/// Decodes a PNG written by the classic libpng writer.
private func decode(
    width: Int, height: Int, _ colorType: TestColorType, bits: Int, _ samples: [UInt16],
    palette: [(UInt8, UInt8, UInt8)] = [], paletteAlpha: [UInt8] = [], interlaced: Bool = false
) throws -> GrayImage {
    let bytes = try TestPNG.bytes(
        width: width, height: height, colorType: colorType, bitDepth: bits, samples: samples,
        palette: palette, paletteAlpha: paletteAlpha, interlaced: interlaced)
    return try PNGDecoder.decode(bytes, path: "test.png")
}

/// True when every value is within `tolerance` of the expected one (colour to gray conversion rounds).
private func close(_ actual: [UInt8], _ expected: [Int], tolerance: Int = 1) -> Bool {
    actual.count == expected.count && zip(actual, expected).allSatisfy { abs(Int($0) - $1) <= tolerance }
}

// MARK: gray

@Test(arguments: [1, 2, 4])
func decodesLowBitDepthGray(bits: Int) throws {
    let levels = 1 << bits
    // More pixels than fit one byte, so packing across bytes is exercised.
    let samples = (0..<11).map { UInt16($0 % levels) }
    let image = try decode(width: 11, height: 1, .gray, bits: bits, samples)
    #expect(image.width == 11 && image.height == 1)
    #expect(image.pixels == samples.map { UInt8(Int($0) * 255 / (levels - 1)) })
}

@Test func decodesEightBitGrayExactly() throws {
    let samples: [UInt16] = [0, 1, 50, 127, 128, 200, 254, 255]
    let image = try decode(width: 4, height: 2, .gray, bits: 8, samples)
    #expect(image.pixels == samples.map { UInt8($0) })
    #expect(image[1, 1] == 200)
}

@Test func decodesSixteenBitGrayAsSRGB() throws {
    // 16-bit files without gamma are read like 8-bit ones: v16 = v8 × 257.
    let image = try decode(width: 4, height: 1, .gray, bits: 16, [0, 50 * 257, 128 * 257, 65535])
    #expect(image.pixels == [0, 50, 128, 255])
}

@Test func decodesInterlacedGray() throws {
    let samples = (0..<(9 * 7)).map { UInt16(($0 * 37) % 256) }
    let image = try decode(width: 9, height: 7, .gray, bits: 8, samples, interlaced: true)
    #expect(image.width == 9 && image.height == 7)
    #expect(image.pixels == samples.map { UInt8($0) })
}

// MARK: gray + alpha, RGB, RGBA (opaque: values must come through)

@Test(arguments: [8, 16])
func decodesOpaqueGrayAlpha(bits: Int) throws {
    let scale: UInt16 = bits == 16 ? 257 : 1, opaque: UInt16 = bits == 16 ? 65535 : 255
    let image = try decode(width: 3, height: 1, .grayAlpha, bits: bits, [0, opaque, 90 * scale, opaque, 255 * scale, opaque])
    #expect(image.pixels == [0, 90, 255])
}

@Test(arguments: [8, 16])
func decodesRGBToLuminance(bits: Int) throws {
    let s: UInt16 = bits == 16 ? 257 : 1
    let pixels: [[UInt16]] = [[0, 0, 0], [255, 255, 255], [100, 100, 100], [255, 0, 0], [0, 255, 0], [0, 0, 255]]
    let image = try decode(width: 6, height: 1, .rgb, bits: bits, pixels.flatMap { $0.map { $0 * s } })
    // Gray stays gray; pure primaries give sRGB-encoded Rec.709 luminance (0.2126, 0.7152, 0.0722).
    #expect(close(image.pixels, [0, 255, 100, 127, 220, 76], tolerance: 2), "\(image.pixels)")
}

@Test(arguments: [8, 16])
func decodesOpaqueRGBA(bits: Int) throws {
    let s: UInt16 = bits == 16 ? 257 : 1, opaque: UInt16 = bits == 16 ? 65535 : 255
    let pixels: [[UInt16]] = [[0, 0, 0], [255, 255, 255], [60, 60, 60]]
    let image = try decode(width: 3, height: 1, .rgba, bits: bits, pixels.flatMap { $0.map { $0 * s } + [opaque] })
    #expect(close(image.pixels, [0, 255, 60]), "\(image.pixels)")
}

// MARK: palette

@Test(arguments: [1, 2, 4, 8])
func decodesPalette(bits: Int) throws {
    let entries = 1 << min(bits, 4)
    let palette = (0..<entries).map { i -> (UInt8, UInt8, UInt8) in
        let v = UInt8(i * 255 / (entries - 1))
        return (v, v, v)
    }
    let samples = (0..<10).map { UInt16(($0 * 3) % entries) }
    let image = try decode(width: 10, height: 1, .palette, bits: bits, samples, palette: palette)
    #expect(close(image.pixels, samples.map { Int(palette[Int($0)].0) }), "\(image.pixels)")
}

@Test func decodesColourPaletteToLuminance() throws {
    let image = try decode(width: 3, height: 1, .palette, bits: 8, [2, 1, 0], palette: [(0, 0, 0), (255, 255, 255), (255, 0, 0)])
    #expect(close(image.pixels, [127, 255, 0], tolerance: 2), "\(image.pixels)")
}

@Test func paletteTransparencyComposites() throws {
    // Entry 0 (transparent black) is the background, entry 1 opaque black ink: dark ink goes on white.
    let samples: [UInt16] = [0, 1, 0, 0, 1, 0]
    let image = try decode(width: 3, height: 2, .palette, bits: 4, samples, palette: [(0, 0, 0), (0, 0, 0)], paletteAlpha: [0, 255])
    #expect(image.pixels == [255, 0, 255, 255, 0, 255])
}

// MARK: transparency

@Test func darkInkOnTransparentBackgroundGoesOnWhite() throws {
    // Transparent black background (it would read as black ink on black if alpha were dropped).
    var samples = [UInt16](repeating: 0, count: 5 * 5 * 4)
    for y in 0..<5 { samples[(y * 5 + 2) * 4 + 3] = 255 }  // opaque black vertical line at x = 2
    samples[(2 * 5 + 0) * 4 + 3] = 128  // a half-covered black pixel at (0, 2)
    let image = try decode(width: 5, height: 5, .rgba, bits: 8, samples)
    #expect(image[2, 0] == 0 && image[2, 4] == 0)
    #expect(image[0, 0] == 255 && image[4, 4] == 255)
    #expect(image[0, 2] == 127)
    // Normalized: inverted to white ink on black.
    let normalized = ImageNormalizer.normalize(image)
    #expect(normalized[ImageNormalizer.side / 2 * ImageNormalizer.side + ImageNormalizer.side / 2] == 255)
    #expect(normalized[0] == 0)
}

@Test func lightInkOnTransparentBackgroundGoesOnBlack() throws {
    // Transparent white background, opaque white ink.
    var samples = [UInt16](repeating: 255, count: 4 * 4 * 2)
    for i in 0..<16 { samples[2 * i + 1] = i % 4 == 1 ? 255 : 0 }
    let image = try decode(width: 4, height: 4, .grayAlpha, bits: 8, samples)
    #expect(image.pixels == (0..<16).map { $0 % 4 == 1 ? 255 : 0 })
}

// MARK: normalizing

@Test func whiteOnBlack28PassesThroughUnchanged() {
    var generator = SeededGenerator(seed: 7)
    var pixels = (0..<784).map { _ in UInt8(truncatingIfNeeded: generator.next() & 0x3F) }
    pixels[400] = 255
    #expect(ImageNormalizer.normalize(GrayImage(width: 28, height: 28, pixels: pixels)) == pixels)
}

@Test func darkOnWhiteIsInverted() {
    var image = GrayImage(width: 28, height: 28, fill: 255)
    for x in 4..<24 { image[x, 10] = 0 }
    image[5, 5] = 100
    #expect(ImageNormalizer.isDarkOnLight(image))
    let normalized = ImageNormalizer.normalize(image)
    #expect(normalized[10 * 28 + 4] == 255 && normalized[10 * 28 + 23] == 255)
    #expect(normalized[5 * 28 + 5] == 155)
    #expect(normalized[0] == 0 && normalized.filter { $0 == 255 }.count == 20)
}

@Test func wideImageIsFittedCentredKeepingAspect() {
    // 56×28 → 28×14, placed at rows 7..<21. 2×2 blocks become single pixels.
    var image = GrayImage(width: 56, height: 28)
    for (x, y) in [(0, 0), (1, 0), (0, 1), (1, 1)] { image[x, y] = 255 }
    for (x, y) in [(54, 26), (55, 26), (54, 27), (55, 27)] { image[x, y] = 200 }
    image[20, 14] = 255  // one pixel of a 2×2 cell: a quarter of its brightness survives
    let out = ImageNormalizer.normalize(image)
    #expect(out.count == 784)
    #expect(out[7 * 28 + 0] == 255)
    #expect(out[20 * 28 + 27] == 200)
    #expect(out[14 * 28 + 10] == 64)
    #expect((0..<7).allSatisfy { y in (0..<28).allSatisfy { out[y * 28 + $0] == 0 } })
    #expect((21..<28).allSatisfy { y in (0..<28).allSatisfy { out[y * 28 + $0] == 0 } })
    #expect(out.filter { $0 != 0 }.count == 3)
}

@Test func tallImageIsFittedCentredKeepingAspect() {
    // 30×90 → 9×28 (28/90 × 30 = 9.33 rounds to 9 columns), placed at columns 9..<18.
    var image = GrayImage(width: 30, height: 90)
    for y in 0..<90 { image[0, y] = 255; image[29, y] = 255 }
    let out = ImageNormalizer.fit(image, side: 28)
    let inkColumns = Set((0..<784).filter { out.pixels[$0] > 0 }.map { $0 % 28 })
    #expect(inkColumns == [9, 17])
    #expect((0..<28).allSatisfy { out[9, $0] > 0 && out[17, $0] > 0 })
}

@Test func downscaledThinLineStaysVisible() {
    // A 1-pixel line in a 280×280 image keeps a tenth of its brightness at 28×28.
    var image = GrayImage(width: 280, height: 280)
    for y in 0..<280 { image[141, y] = 255 }
    let out = ImageNormalizer.normalize(image)
    #expect((0..<28).allSatisfy { out[$0 * 28 + 14] == 26 })
    #expect(out.filter { $0 != 0 }.count == 28)
}

// MARK: errors

private func decodeError(_ bytes: [UInt8], path: String = "/data/x/bad.png") -> ImageError? {
    do {
        _ = try PNGDecoder.decode(bytes, path: path)
        return nil
    } catch {
        return error
    }
}

@Test func nonPNGIsRejected() {
    let error = decodeError(Array("hello, not an image".utf8))
    #expect(error == .notPNG(path: "/data/x/bad.png"))
    #expect(error?.description.contains("/data/x/bad.png") == true)
}

@Test func emptyFileIsRejected() {
    #expect(decodeError([]) == .empty(path: "/data/x/bad.png"))
}

@Test func truncatedPNGIsRejected() throws {
    let bytes = try TestPNG.bytes(width: 20, height: 20, colorType: .gray, bitDepth: 8, samples: (0..<400).map { UInt16($0 % 256) })
    for cut in [5, 20, 40, bytes.count / 2, bytes.count - 24] {
        let error = decodeError(Array(bytes.prefix(cut)))
        #expect(error == .truncated(path: "/data/x/bad.png"), "cut at \(cut): \(String(describing: error))")
    }
    // Only the trailing IEND chunk missing: every pixel is there, so libpng accepts it.
    #expect(decodeError(Array(bytes.prefix(bytes.count - 12))) == nil)
    let description = decodeError(Array(bytes.prefix(bytes.count / 2)))?.description ?? ""
    #expect(description.contains("/data/x/bad.png") && description.contains("truncated"))
}

@Test func corruptPNGIsRejected() throws {
    var bytes = try TestPNG.bytes(width: 20, height: 20, colorType: .gray, bitDepth: 8, samples: (0..<400).map { UInt16($0 % 256) })
    // Damage the compressed data inside IDAT (its CRC no longer matches).
    let idat = try #require((0..<bytes.count - 4).first { bytes[$0..<$0 + 4].elementsEqual("IDAT".utf8) })
    for i in idat + 6..<idat + 12 { bytes[i] ^= 0x5A }
    let error = try #require(decodeError(bytes))
    guard case let .corrupt(path, reason) = error else {
        Issue.record("expected .corrupt, got \(error)")
        return
    }
    #expect(path == "/data/x/bad.png" && !reason.isEmpty)
    #expect(error.description.hasPrefix("/data/x/bad.png: "))
}

@Test func zeroSizeHeaderIsRejected() throws {
    var bytes = try TestPNG.bytes(width: 3, height: 3, colorType: .gray, bitDepth: 8, samples: [UInt16](repeating: 0, count: 9))
    for i in 16..<20 { bytes[i] = 0 }  // IHDR width
    #expect(decodeError(bytes) == .zeroSize(path: "/data/x/bad.png"))
}

@Test func missingFileNamesThePath() throws {
    let folder = try TemporaryFolder()
    let url = folder.url.appendingPathComponent("nowhere.png")
    #expect {
        try PNGDecoder.decode(contentsOf: url)
    } throws: { error in
        (error as? ImageError)?.path == url.path && "\(error)".contains(url.path)
    }
}

// MARK: writing

@Test func writerRoundTripsThroughTheDecoder() throws {
    let folder = try TemporaryFolder()
    let url = folder.url.appendingPathComponent("sub/out.png")
    let image = GrayImage(width: 7, height: 5, pixels: (0..<35).map { UInt8($0 * 7) })
    try PNGWriter.write(image, to: url)
    #expect(try PNGDecoder.decode(contentsOf: url) == image)
    #expect(try PNGDecoder.decode(PNGWriter.encode(image), path: "memory") == image)
}

@Test func writerRejectsEmptyImage() {
    #expect(throws: ImageError.zeroSize(path: "in-memory PNG")) {
        try PNGWriter.encode(GrayImage(width: 0, height: 0))
    }
}
