import CPNG
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// PNG colour types, as written by the test writer.
enum TestColorType {
    case gray, grayAlpha, rgb, rgba, palette

    var pngValue: Int32 {
        switch self {
        case .gray: PNG_COLOR_TYPE_GRAY
        case .grayAlpha: PNG_COLOR_TYPE_GRAY_ALPHA
        case .rgb: PNG_COLOR_TYPE_RGB
        case .rgba: PNG_COLOR_TYPE_RGB_ALPHA
        case .palette: PNG_COLOR_TYPE_PALETTE
        }
    }

    var channels: Int {
        switch self {
        case .gray, .palette: 1
        case .grayAlpha: 2
        case .rgb: 3
        case .rgba: 4
        }
    }
}

/// Writes test PNGs with libpng's full classic API, so the decoder is tested on every colour
/// type, bit depth, palette, tRNS and interlacing exactly as libpng writes them. Only valid
/// images are passed in: libpng errors here would abort (no setjmp in Swift), failing the run loudly.
enum TestPNG {
    /// `samples`: row-major, `colorType.channels` samples per pixel (palette: one index),
    /// each in 0..<(1 << bitDepth).
    static func write(
        to url: URL, width: Int, height: Int, colorType: TestColorType, bitDepth: Int,
        samples: [UInt16], palette: [(UInt8, UInt8, UInt8)] = [], paletteAlpha: [UInt8] = [],
        interlaced: Bool = false
    ) {
        precondition(samples.count == width * height * colorType.channels, "sample count")
        precondition(samples.allSatisfy { Int($0) < 1 << bitDepth }, "samples fit the bit depth")
        var rows = packRows(width: width, height: height, channels: colorType.channels, bitDepth: bitDepth, samples: samples)

        guard let file = fopen(url.path, "wb") else { fatalError("cannot create \(url.path)") }
        defer { fclose(file) }
        var png: OpaquePointer? = png_create_write_struct(PNG_LIBPNG_VER_STRING, nil, nil, nil)
        var info: OpaquePointer? = png_create_info_struct(png)
        defer { png_destroy_write_struct(&png, &info) }
        png_init_io(png, file)
        png_set_IHDR(
            png, info, UInt32(width), UInt32(height), Int32(bitDepth), colorType.pngValue,
            interlaced ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE,
            PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT)
        if !palette.isEmpty {
            let colors = palette.map { png_color(red: $0.0, green: $0.1, blue: $0.2) }
            png_set_PLTE(png, info, colors, Int32(colors.count))
        }
        if !paletteAlpha.isEmpty {
            png_set_tRNS(png, info, paletteAlpha, Int32(paletteAlpha.count), nil)
        }
        png_write_info(png, info)
        let rowBytes = rows.isEmpty ? 0 : rows.count / height
        rows.withUnsafeMutableBufferPointer { buffer in
            var pointers: [UnsafeMutablePointer<UInt8>?] = (0..<height).map { buffer.baseAddress! + $0 * rowBytes }
            // png_write_image runs all Adam7 passes itself when the image is interlaced.
            png_write_image(png, &pointers)
        }
        png_write_end(png, nil)
    }

    /// The same image as file bytes.
    static func bytes(
        width: Int, height: Int, colorType: TestColorType, bitDepth: Int, samples: [UInt16],
        palette: [(UInt8, UInt8, UInt8)] = [], paletteAlpha: [UInt8] = [], interlaced: Bool = false
    ) throws -> [UInt8] {
        let folder = try TemporaryFolder()
        let url = folder.url.appendingPathComponent("image.png")
        write(
            to: url, width: width, height: height, colorType: colorType, bitDepth: bitDepth, samples: samples,
            palette: palette, paletteAlpha: paletteAlpha, interlaced: interlaced)
        return Array(try Data(contentsOf: url))
    }

    /// An 8-bit gray PNG of `pixels`.
    static func writeGray(_ pixels: [UInt8], width: Int, height: Int, to url: URL) {
        write(to: url, width: width, height: height, colorType: .gray, bitDepth: 8, samples: pixels.map(UInt16.init))
    }

    /// Packs samples into PNG rows: big-endian 16-bit, sub-byte samples most significant bits first.
    private static func packRows(width: Int, height: Int, channels: Int, bitDepth: Int, samples: [UInt16]) -> [UInt8] {
        let perRow = width * channels
        let rowBytes = (perRow * bitDepth + 7) / 8
        var out = [UInt8](repeating: 0, count: rowBytes * height)
        for y in 0..<height {
            for i in 0..<perRow {
                let value = samples[y * perRow + i]
                let bit = i * bitDepth
                switch bitDepth {
                case 16:
                    out[y * rowBytes + 2 * i] = UInt8(value >> 8)
                    out[y * rowBytes + 2 * i + 1] = UInt8(value & 0xFF)
                case 8:
                    out[y * rowBytes + i] = UInt8(value)
                default:
                    out[y * rowBytes + bit / 8] |= UInt8(value) << UInt8(8 - bitDepth - bit % 8)
                }
            }
        }
        return out
    }
}

/// A fresh folder under the system temporary directory, removed when the value goes away.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("strokes-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// `folder/relative`, creating its parent folders.
    func file(_ relative: String) throws -> URL {
        let file = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        return file
    }

    func folder(_ relative: String) throws -> URL {
        let folder = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}

@Test func testWriterWritesTheRequestedHeader() throws {
    let bytes = try TestPNG.bytes(width: 5, height: 1, colorType: .gray, bitDepth: 2, samples: [3, 0, 1, 2, 3])
    #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    #expect(bytes[24] == 2 && bytes[25] == 0, "IHDR bit depth 2, colour type gray")
}
