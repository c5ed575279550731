import CPNG
import Foundation
import StrokeModel

/// Why an image file could not be read or written. Every case names the file.
public enum ImageError: Error, Equatable, CustomStringConvertible {
    case fileUnreadable(path: String, reason: String)
    case empty(path: String)
    case notPNG(path: String)
    case truncated(path: String)
    case zeroSize(path: String)
    case tooLarge(path: String, width: Int, height: Int)
    case corrupt(path: String, reason: String)
    case writeFailed(path: String, reason: String)

    public var path: String {
        switch self {
        case let .fileUnreadable(path, _), let .empty(path), let .notPNG(path), let .truncated(path),
            let .zeroSize(path), let .tooLarge(path, _, _), let .corrupt(path, _), let .writeFailed(path, _):
            path
        }
    }

    public var description: String {
        switch self {
        case let .fileUnreadable(path, reason): "\(path): cannot be read (\(reason)); check that it exists and is readable"
        case let .empty(path): "\(path): the file is empty (0 bytes); re-export it or remove it"
        case let .notPNG(path): "\(path): not a PNG file (no PNG signature); convert it to PNG or remove it"
        case let .truncated(path): "\(path): the PNG is truncated (data ends early); re-export it or remove it"
        case let .zeroSize(path): "\(path): the PNG has zero width or height; re-export it or remove it"
        case let .tooLarge(path, width, height):
            "\(path): the PNG is \(width)×\(height), larger than the \(PNGDecoder.maximumPixels) pixels accepted; scale it down"
        case let .corrupt(path, reason): "\(path): the PNG is unreadable (libpng: \(reason)); re-export it or remove it"
        case let .writeFailed(path, reason): "\(path): cannot write the PNG (\(reason)); check the folder is writable"
        }
    }
}

/// Reads any PNG libpng understands into 8-bit gray.
///
/// Uses libpng's simplified API: the classic API reports errors by `longjmp`, which Swift
/// cannot catch, so one corrupt file would crash the process.
public enum PNGDecoder {
    /// Guards against headers that claim absurd sizes (memory exhaustion).
    public static let maximumPixels = 1 << 25

    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    public static func decode(contentsOf url: URL) throws(ImageError) -> GrayImage {
        let path = url.path
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .fileUnreadable(path: path, reason: FileReadFailure.reason(path))
        }
        let result = data.withUnsafeBytes { raw in
            Result { () throws(ImageError) in try decode(raw, path: path) }
        }
        return try result.get()
    }

    public static func decode(_ bytes: [UInt8], path: String) throws(ImageError) -> GrayImage {
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(ImageError) in try decode(raw, path: path) }
        }
        return try result.get()
    }

    /// `path` only names the source in errors.
    public static func decode(_ bytes: UnsafeRawBufferPointer, path: String) throws(ImageError) -> GrayImage {
        try checkHeader(bytes, path: path)
        try checkChunkLengths(bytes, path: path)
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        defer { png_image_free(&image) }
        guard png_image_begin_read_from_memory(&image, bytes.baseAddress, bytes.count) != 0 else {
            throw classify(message(of: image), path: path)
        }
        let width = Int(image.width), height = Int(image.height)

        let hasAlpha = image.format & PNG_FORMAT_FLAG_ALPHA != 0
        // 16-bit files without gamma information are taken as sRGB like 8-bit ones,
        // so a 16-bit export of an image reads as the same gray values.
        image.flags |= UInt32(PNG_IMAGE_FLAG_16BIT_sRGB)
        if isInterlacedSixteenBit(bytes) {
            guard let buffer = finishReadingLinear(&image, hasAlpha: hasAlpha) else { throw classify(message(of: image), path: path) }
            return GrayImage(width: width, height: height, pixels: hasAlpha ? compositeOntoContrastingBackground(buffer) : buffer)
        }
        // Alpha is kept (not composited by libpng) so we can pick a background that contrasts with the ink.
        image.format = hasAlpha ? UInt32(PNG_FORMAT_GA) : UInt32(PNG_FORMAT_GRAY)
        let channels = hasAlpha ? 2 : 1
        var buffer = [UInt8](repeating: 0, count: width * height * channels)
        let ok = buffer.withUnsafeMutableBytes { out in
            png_image_finish_read(&image, nil, out.baseAddress, Int32(width * channels), nil)
        }
        guard ok != 0 else { throw classify(message(of: image), path: path) }
        let pixels = hasAlpha ? compositeOntoContrastingBackground(buffer) : buffer
        return GrayImage(width: width, height: height, pixels: pixels)
    }

    /// Recognises what libpng would report less clearly: empty, foreign, cut-off or zero-sized
    /// files, and refuses absurd sizes from the IHDR numbers alone, before libpng or this
    /// decoder allocates anything for the pixels (a decompression bomb is a small file).
    private static func checkHeader(_ bytes: UnsafeRawBufferPointer, path: String) throws(ImageError) {
        if bytes.isEmpty { throw .empty(path: path) }
        let prefix = min(bytes.count, signature.count)
        guard bytes.prefix(prefix).elementsEqual(signature.prefix(prefix)) else { throw .notPNG(path: path) }
        // Signature (8) + IHDR length and type (8) + width and height (8).
        guard bytes.count >= 24 else { throw .truncated(path: path) }
        if Array(bytes[12..<16]) == Array("IHDR".utf8) {
            let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
            let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
            if width == 0 || height == 0 { throw .zeroSize(path: path) }
            // width × height > maximumPixels, without overflowing on 2³²−1 × 2³²−1 (found by fuzzing).
            if height > maximumPixels / width { throw .tooLarge(path: path, width: width, height: height) }
        }
    }

    /// A chunk claiming more bytes than the file holds: libpng would allocate what the length
    /// claims (up to 2 GB, found by fuzzing) before finding the data missing. Stops at IEND.
    private static func checkChunkLengths(_ bytes: UnsafeRawBufferPointer, path: String) throws(ImageError) {
        var offset = signature.count
        while bytes.count - offset >= 8 {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            guard length <= bytes.count - offset - 8 else { throw .truncated(path: path) }
            if bytes[offset + 4..<offset + 8].elementsEqual("IEND".utf8) { return }
            offset += 12 + length  // length, type, data, CRC
        }
    }

    private static func message(of image: png_image) -> String {
        withUnsafeBytes(of: image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    private static func classify(_ message: String, path: String) -> ImageError {
        let lowered = message.lowercased()
        let endedEarly = ["end of data", "not enough", "truncated", "unexpected end"]
        if endedEarly.contains(where: lowered.contains) { return .truncated(path: path) }
        return .corrupt(path: path, reason: message.isEmpty ? "unknown error" : message)
    }

    /// Flattens gray+alpha (not premultiplied) onto white when the visible ink is dark, else onto
    /// black, so transparent-background drawings keep their strokes visible.
    static func compositeOntoContrastingBackground(_ grayAlpha: [UInt8]) -> [UInt8] {
        let count = grayAlpha.count / 2
        var weightedGray = 0, totalAlpha = 0
        for i in 0..<count {
            let alpha = Int(grayAlpha[2 * i + 1])
            weightedGray += Int(grayAlpha[2 * i]) * alpha
            totalAlpha += alpha
        }
        let background = totalAlpha > 0 && weightedGray < 128 * totalAlpha ? 255 : 0
        var out = [UInt8](repeating: 0, count: count)
        for i in 0..<count {
            let gray = Int(grayAlpha[2 * i]), alpha = Int(grayAlpha[2 * i + 1])
            out[i] = UInt8((gray * alpha + background * (255 - alpha) + 127) / 255)
        }
        return out
    }
}
