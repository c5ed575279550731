/// An 8-bit grayscale image, row-major, one byte per pixel (0 = black, 255 = white).
public struct GrayImage: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height, "one byte per pixel")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A uniform image (black unless told otherwise).
    public init(width: Int, height: Int, fill: UInt8 = 0) {
        self.init(width: width, height: height, pixels: [UInt8](repeating: fill, count: width * height))
    }

    public subscript(x: Int, y: Int) -> UInt8 {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }
}
