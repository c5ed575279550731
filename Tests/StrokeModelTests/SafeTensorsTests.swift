import Foundation
import StrokeModel
import Testing

@Suite struct SafeTensorsTests {
    typealias F = ModelFileFixtures

    /// A header entry written by hand, with any JSON for its fields.
    static func entry(_ name: String, dtype: String = #""F32""#, shape: String, offsets: String) -> String {
        #""\#(name)":{"dtype":\#(dtype),"shape":\#(shape),"data_offsets":\#(offsets)}"#
    }

    static func rejection(header: String, dataBytes: Int = 0) -> SafeTensorsError? {
        F.rejection(safeTensors: F.raw(header: header, data: Array(repeating: 0, count: dataBytes)))
    }

    // MARK: Encoding

    @Test func encodesTheExactBytesOfTheFormat() {
        let bytes = SafeTensors.encode(
            [.init(name: "b", shape: [2], values: [1, -2]), .init(name: "a", shape: [], values: [0.5])],
            metadata: ["k": "v"])
        // Keys sorted, no whitespace, offsets in the order given, padded with spaces to 8 bytes.
        let json = #"{"__metadata__":{"k":"v"},"a":{"data_offsets":[8,12],"dtype":"F32","shape":[]},"b":{"data_offsets":[0,8],"dtype":"F32","shape":[2]}}"#
        let padded = json + String(repeating: " ", count: (8 - json.utf8.count % 8) % 8)
        #expect(F.header(of: bytes) == padded)
        #expect(Array(bytes[0..<8]) == [UInt8(padded.utf8.count), 0, 0, 0, 0, 0, 0, 0])
        #expect(Array(bytes[(8 + padded.utf8.count)...]) == [0, 0, 0x80, 0x3F, 0, 0, 0, 0xC0, 0, 0, 0, 0x3F])
    }

    @Test func headerIsPaddedToEightBytes() {
        for length in 0..<9 {
            let bytes = SafeTensors.encode([.init(name: String(repeating: "n", count: length + 1), shape: [1], values: [1])])
            let header = F.header(of: bytes)
            #expect(header.utf8.count % 8 == 0)
            #expect(header.hasSuffix("}") || header.hasSuffix(" "))
            #expect(header.trimmingCharacters(in: .whitespaces).hasSuffix("}"))
        }
    }

    @Test func encodingIsDeterministic() {
        var forward: [String: String] = [:]
        var backward: [String: String] = [:]
        let keys = (0..<50).map { "key\($0)" }
        for key in keys { forward[key] = "value of \(key)" }
        for key in keys.reversed() { backward[key] = "value of \(key)" }
        let tensors: [SafeTensors.Tensor] = [.init(name: "w", shape: [2, 2], values: [1, 2, 3, 4])]
        #expect(SafeTensors.encode(tensors, metadata: forward) == SafeTensors.encode(tensors, metadata: backward))
        #expect(SafeTensors.encode(tensors, metadata: forward) == SafeTensors.encode(tensors, metadata: forward))
    }

    @Test func roundTripKeepsOrderShapesValuesAndMetadata() throws {
        let tensors: [SafeTensors.Tensor] = [
            .init(name: "z.first", shape: [2, 3], values: [1, -0.0, .nan, .infinity, .leastNonzeroMagnitude, 6]),
            .init(name: "scalar", shape: [], values: [42]),
            .init(name: "empty", shape: [0, 3], values: []),
            .init(name: "a.last", shape: [1, 1, 2], values: [.pi, -.pi]),
        ]
        let metadata = [
            "quote\"back\\slash": "line\nbreak\ttab\u{01}ctl \u{7F} é 🎉 \u{2028} /",
            "": "empty key",
            "empty value": "",
        ]
        let decoded = try SafeTensors.decode(SafeTensors.encode(tensors, metadata: metadata))
        #expect(decoded.metadata == metadata)
        #expect(decoded.tensors.map(\.name) == tensors.map(\.name))
        #expect(decoded.tensors.map(\.shape) == tensors.map(\.shape))
        #expect(decoded.tensors.map { $0.values.map(\.bitPattern) } == tensors.map { $0.values.map(\.bitPattern) })
    }

    @Test func headerIsJSONThatFoundationParses() throws {
        let bytes = SafeTensors.encode([.init(name: "t\"\n", shape: [1], values: [1])], metadata: ["k\u{1F}": "\"\\\u{0}"])
        let object = try JSONSerialization.jsonObject(with: Data(F.header(of: bytes).utf8)) as? [String: Any]
        #expect(object?["__metadata__"] as? [String: String] == ["k\u{1F}": "\"\\\u{0}"])
        #expect(object?["t\"\n"] != nil)
    }

    @Test func noMetadataMeansNoMetadataKey() throws {
        let bytes = SafeTensors.encode([.init(name: "w", shape: [1], values: [1])])
        #expect(!F.header(of: bytes).contains("__metadata__"))
        #expect(try SafeTensors.decode(bytes).metadata.isEmpty)
    }

    @Test func readsEscapesAndWhitespaceOtherWritersUse() throws {
        let header = #"{ "__metadata__" : { "smile" : "\ud83d\ude00 \u00e9\/" } ,\#n "w" : { "dtype" : "F32" , "shape" : [ 1 ] , "data_offsets" : [ 0 , 4 ] } }\#t "#
        let contents = try SafeTensors.decode(F.raw(header: header, data: [0, 0, 0x80, 0x3F]))
        #expect(contents.metadata == ["smile": "😀 é/"])
        #expect(contents["w"]?.values == [1])
    }

    // MARK: Rejections, one per check

    @Test func rejectsFileShorterThanLengthField() {
        #expect(F.rejection(safeTensors: [1, 2, 3]) == .fileTooShort(byteCount: 3))
    }

    @Test func rejectsAbsurdHeaderLength() {
        let bytes = withUnsafeBytes(of: UInt64(100_000_001).littleEndian) { Array($0) } + Array("{}".utf8)
        #expect(F.rejection(safeTensors: bytes) == .headerTooLarge(length: 100_000_001))
    }

    @Test func rejectsHeaderLongerThanFile() {
        let bytes = withUnsafeBytes(of: UInt64(100).littleEndian) { Array($0) } + Array("{}".utf8)
        #expect(F.rejection(safeTensors: bytes) == .headerBeyondFile(length: 100, fileSize: 10))
    }

    @Test func rejectsHeaderThatIsNotUTF8() {
        for bad: [UInt8] in [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xE2, 0x82]] {  // stray, overlong, surrogate, cut
            let header = Array(#"{"a":""#.utf8) + bad + Array(#""}"#.utf8)
            #expect(F.rejection(safeTensors: F.raw(headerBytes: header)) == .headerNotUTF8)
        }
    }

    @Test(arguments: [
        #"{"a":"#, #"{"a":1,}"#, #"{'a':1}"#, #"{"__metadata__":{"k":"v"}} x"#, #"{"a":[01]}"#, #"{"a":[1.]}"#,
        #"{"a":"\ud800"}"#, #"{"a":"\q"}"#, "{\"a\":\"tab\there\"}", #"{"a":tru}"#, #"{"a":[-]}"#,
        "{\"a\":" + String(repeating: "[", count: 1000) + String(repeating: "]", count: 1000) + "}",
    ])
    func rejectsHeaderThatIsNotJSON(_ header: String) {
        let error = Self.rejection(header: header)
        guard case .headerNotJSON? = error else {
            Issue.record("\(header.prefix(40)) gave \(String(describing: error))")
            return
        }
    }

    @Test func rejectsHeaderThatIsNotAnObject() {
        #expect(Self.rejection(header: "[1, 2]") == .headerNotObject)
        #expect(Self.rejection(header: #" {"a":1}"#) == .headerNotObject)
    }

    @Test func rejectsDuplicateKeys() {
        let a = Self.entry("a", shape: "[1]", offsets: "[0,4]")
        #expect(Self.rejection(header: "{\(a),\(a)}", dataBytes: 4) == .duplicateKey("a"))
    }

    @Test func rejectsEntryThatIsNotAnObject() {
        #expect(Self.rejection(header: #"{"a":[1,2]}"#) == .entryNotObject(tensor: "a"))
    }

    @Test func rejectsEntryWithoutOffsets() {
        #expect(Self.rejection(header: #"{"a":{"dtype":"F32","shape":[1]}}"#, dataBytes: 4)
            == .missingField(tensor: "a", field: "data_offsets"))
    }

    @Test func rejectsOtherDTypesNamingTensorAndDType() {
        let error = Self.rejection(header: "{" + Self.entry("layers.0.weight", dtype: #""F16""#, shape: "[2]", offsets: "[0,4]") + "}", dataBytes: 4)
        #expect(error == .unsupportedDType(tensor: "layers.0.weight", dtype: "F16"))
        #expect(error?.description.contains("layers.0.weight has dtype F16") == true)
    }

    @Test func rejectsNegativeShape() {
        #expect(Self.rejection(header: "{" + Self.entry("a", shape: "[-1]", offsets: "[0,0]") + "}")
            == .invalidShape(tensor: "a", reason: "-1 is negative"))
    }

    @Test func rejectsNonIntegerShape() {
        for dim in ["1.5", "1e0", #""1""#, "null"] {
            let error = Self.rejection(header: "{" + Self.entry("a", shape: "[\(dim)]", offsets: "[0,4]") + "}", dataBytes: 4)
            #expect(error == .invalidShape(tensor: "a", reason: "\(dim) is not an integer"))
        }
    }

    @Test func rejectsShapeWhoseSizeOverflows() {
        let error = Self.rejection(header: "{" + Self.entry("a", shape: "[4294967296,4294967296]", offsets: "[0,4]") + "}", dataBytes: 4)
        #expect(error == .invalidShape(tensor: "a", reason: "it has too many elements"))
    }

    @Test func rejectsOffsetsThatAreNotTwoIntegers() {
        for offsets in ["[0]", "[0,4,4]", #"[0,"4"]"#, "[0,4.0]", "[-4,0]", "{}", "[0,99999999999999999999]"] {
            let error = Self.rejection(header: "{" + Self.entry("a", shape: "[1]", offsets: offsets) + "}", dataBytes: 4)
            #expect(error == .invalidDataOffsets(tensor: "a"), "\(offsets)")
        }
    }

    @Test func rejectsOffsetsThatEndBeforeTheyBegin() {
        #expect(Self.rejection(header: "{" + Self.entry("a", shape: "[1]", offsets: "[8,4]") + "}", dataBytes: 8)
            == .reversedOffsets(tensor: "a", begin: 8, end: 4))
    }

    @Test func rejectsOffsetsBeyondTheData() {
        #expect(Self.rejection(header: "{" + Self.entry("a", shape: "[2]", offsets: "[0,8]") + "}", dataBytes: 4)
            == .offsetsOutOfRange(tensor: "a", end: 8, bufferSize: 4))
    }

    @Test func rejectsByteCountThatDoesNotMatchShape() {
        #expect(Self.rejection(header: "{" + Self.entry("a", shape: "[2,2]", offsets: "[0,8]") + "}", dataBytes: 8)
            == .byteCountMismatch(tensor: "a", shape: [2, 2], expected: 16, actual: 8))
    }

    @Test func rejectsOverlappingTensors() {
        let header = "{" + Self.entry("a", shape: "[2]", offsets: "[0,8]") + "," + Self.entry("b", shape: "[2]", offsets: "[4,12]") + "}"
        #expect(Self.rejection(header: header, dataBytes: 12) == .overlappingTensors("a", "b"))
    }

    @Test func rejectsHoleBetweenTensors() {
        let header = "{" + Self.entry("a", shape: "[1]", offsets: "[0,4]") + "," + Self.entry("b", shape: "[1]", offsets: "[8,12]") + "}"
        #expect(Self.rejection(header: header, dataBytes: 12) == .uncoveredBytes(begin: 4, end: 8))
    }

    @Test func rejectsTrailingBytes() {
        #expect(Self.rejection(header: "{" + Self.entry("a", shape: "[1]", offsets: "[0,4]") + "}", dataBytes: 5)
            == .uncoveredBytes(begin: 4, end: 5))
        #expect(Self.rejection(header: "{}", dataBytes: 1) == .uncoveredBytes(begin: 0, end: 1))
    }

    @Test func rejectsMetadataThatIsNotAnObject() {
        #expect(Self.rejection(header: #"{"__metadata__":["a"]}"#) == .metadataNotObject)
    }

    @Test func rejectsMetadataValuesThatAreNotStrings() {
        #expect(Self.rejection(header: #"{"__metadata__":{"ok":"yes","n":1}}"#) == .metadataValueNotString(key: "n"))
    }
}
