import StrokeModel
import Testing

/// The kernels' weight order versus the file's (PyTorch's) order.
@Suite struct ParameterLayoutTests {
    static let architecture = Architecture.reference(classes: 3)

    /// Distinct values per tensor, so any misplaced element shows.
    static func fileValues() -> [[Float]] {
        architecture.parameterSpecs.enumerated().map { t, spec in (0..<spec.count).map { Float(t * 1_000_000 + $0) } }
    }

    @Test func loadingThenSavingGivesTheFileOrderBack() {
        let values = Self.fileValues()
        #expect(ParameterBuffer(architecture: Self.architecture, values: values).arrays == values)
    }

    @Test func convWeightsBecomeOneRowPerPatchElement() {
        let buffer = ParameterBuffer(architecture: Self.architecture, values: Self.fileValues())
        // Second conv: file [32, 16, 5, 5], kernels [5, 5, 16, 32]. Element f=3, c=7, ky=2, kx=4:
        let (f, c, ky, kx) = (3, 7, 2, 4)
        let file = ((f * 16 + c) * 5 + ky) * 5 + kx
        let kernel = ((ky * 5 + kx) * 16 + c) * 32 + f
        #expect(buffer[2][kernel] == Float(2 * 1_000_000 + file))
        // The first conv: file [16, 1, 5, 5], kernels [5, 5, 1, 16] (f=11, ky=1, kx=3).
        #expect(buffer[0][(1 * 5 + 3) * 16 + 11] == Float((11 * 5 + 1) * 5 + 3))
    }

    @Test func denseAfterFlattenReadsTheMapChannelsLast() {
        let buffer = ParameterBuffer(architecture: Self.architecture, values: Self.fileValues())
        // First dense: 1568 = 32 channels × 7 × 7. Row o=5, channel c=9, pixel (y=3, x=6):
        let (o, c, y, x) = (5, 9, 3, 6)
        let file = o * 1568 + (c * 7 + y) * 7 + x
        let kernel = o * 1568 + (y * 7 + x) * 32 + c
        #expect(buffer[4][kernel] == Float(4 * 1_000_000 + file))
        // Biases and the last dense layer (after a dense layer, not a map) keep their order.
        #expect(Array(buffer[5]) == Self.fileValues()[5])
        #expect(Array(buffer[6]) == Self.fileValues()[6])
    }
}
