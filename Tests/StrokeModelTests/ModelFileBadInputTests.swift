import Foundation
import StrokeModel
import Testing

/// Half-downloaded and hand-edited model files (docs/bad-inputs.md): read from disk, each is
/// one line naming the file and the problem.
@Suite struct ModelFileBadInputTests {
    typealias F = ModelFileFixtures

    static func readError(_ bytes: [UInt8]) throws -> ModelFileError? {
        let folder = try F.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("model.safetensors")
        try Data(bytes).write(to: url)
        do {
            _ = try ModelFile.read(from: url)
            return nil
        } catch {
            #expect(error.description.hasPrefix("\(url.path): "), "names the file: \(error)")
            #expect(!error.description.contains("\n"), "one line: \(error)")
            return error
        }
    }

    /// Where a download stopped.
    enum Cut: CaseIterable {
        case empty, inLengthField, inHeader, afterHeader, inData, lastByteMissing
    }

    @Test(arguments: Cut.allCases)
    func aTruncatedFileIsRefused(_ cut: Cut) throws {
        let bytes = ModelFile.encode(F.reference)
        let headerEnd = 8 + F.header(of: bytes).utf8.count
        let kept = switch cut {
        case .empty: 0
        case .inLengthField: 5
        case .inHeader: headerEnd / 2
        case .afterHeader: headerEnd
        case .inData: (headerEnd + bytes.count) / 2
        case .lastByteMissing: bytes.count - 1
        }
        let error = try #require(try Self.readError(Array(bytes.prefix(kept))))
        let expected = switch cut {
        case .empty, .inLengthField: "too short for a safetensors header; it is empty or truncated"
        case .inHeader: "the file is truncated or not a safetensors file"
        case .afterHeader, .inData, .lastByteMissing: "the file is truncated"
        }
        #expect(error.description.hasSuffix(expected), "\(error)")
    }

    @Test func aHeaderLengthBeyondTheFileIsRefused() throws {
        var bytes = ModelFile.encode(F.reference)
        bytes[3] = 0x01  // + 16 MB
        let error = try #require(try Self.readError(bytes))
        guard case .container(_, .headerBeyondFile) = error else {
            Issue.record("got \(error)")
            return
        }
    }

    @Test func aHeaderThatIsNotJSONIsRefused() throws {
        var bytes = ModelFile.encode(F.reference)
        bytes[8 + 15] = UInt8(ascii: ",")  // {"__metadata__",{…: a comma where the colon was
        let error = try #require(try Self.readError(bytes))
        guard case .container(_, .headerNotJSON) = error else {
            Issue.record("got \(error)")
            return
        }
    }

    /// A hand edit that keeps the header's length: F32 becomes F16 in the first tensor entry.
    @Test func aWrongDTypeIsRefusedNamingTheTensor() throws {
        var header = F.header(of: ModelFile.encode(F.reference))
        header = header.replacingOccurrences(of: "\"F32\"", with: "\"F16\"", options: [], range: header.range(of: "\"F32\""))
        let data = Array(ModelFile.encode(F.reference).dropFirst(8 + header.utf8.count))
        let error = try #require(try Self.readError(F.raw(header: header, data: data)))
        #expect(error.description.hasSuffix("tensor layers.0.bias has dtype F16; only F32 is supported (save the weights as float32)"), "\(error)")
    }

    /// Two tensors' offsets swapped for overlapping ones, by editing the header text.
    @Test func overlappingOffsetsAreRefused() throws {
        let header = #"{"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},"b":{"dtype":"F32","shape":[2],"data_offsets":[4,12]}}"#
        let error = try #require(try Self.readError(F.raw(header: header, data: [UInt8](repeating: 0, count: 12))))
        #expect(error.description.hasSuffix("tensors a and b overlap in the data buffer"), "\(error)")
    }

    @Test func offsetsOutOfRangeAreRefused() throws {
        let header = #"{"a":{"dtype":"F32","shape":[4],"data_offsets":[0,16]}}"#
        let error = try #require(try Self.readError(F.raw(header: header, data: [UInt8](repeating: 0, count: 8))))
        #expect(error.description.hasSuffix("tensor a ends at byte 16 but the data has only 8 bytes; the file is truncated"), "\(error)")
    }
}
