/// Why bytes are not a valid safetensors file of `F32` tensors.
///
/// Descriptions do not name the file: `ModelFileError` puts the file name in front.
public enum SafeTensorsError: Error, Equatable, CustomStringConvertible {
    case fileTooShort(byteCount: Int)
    case headerTooLarge(length: UInt64)
    case headerBeyondFile(length: Int, fileSize: Int)
    case headerNotUTF8
    case headerNotJSON(String)
    case headerNotObject
    case duplicateKey(String)
    case entryNotObject(tensor: String)
    case missingField(tensor: String, field: String)
    case unsupportedDType(tensor: String, dtype: String)
    case invalidShape(tensor: String, reason: String)
    case invalidDataOffsets(tensor: String)
    case reversedOffsets(tensor: String, begin: Int, end: Int)
    case offsetsOutOfRange(tensor: String, end: Int, bufferSize: Int)
    case byteCountMismatch(tensor: String, shape: [Int], expected: Int, actual: Int)
    case overlappingTensors(String, String)
    case uncoveredBytes(begin: Int, end: Int)
    case metadataNotObject
    case metadataValueNotString(key: String)

    public var description: String {
        switch self {
        case let .fileTooShort(count):
            "the file is \(count) bytes long, too short for a safetensors header; it is empty or truncated"
        case let .headerTooLarge(length):
            "the header claims \(length) bytes, more than the \(SafeTensors.maxHeaderLength / 1_000_000) MB limit; this is not a safetensors file"
        case let .headerBeyondFile(length, size):
            "the header claims \(length) bytes but the file has only \(size - 8) after the length field; the file is truncated or not a safetensors file"
        case .headerNotUTF8:
            "the header is not valid UTF-8; the file is corrupt or not a safetensors file"
        case let .headerNotJSON(reason):
            "the header is not valid JSON (\(reason)); the file is corrupt"
        case .headerNotObject:
            "the header is not a JSON object starting with '{'; this is not a safetensors file"
        case let .duplicateKey(key):
            "the header names '\(key)' twice; safetensors forbids duplicate keys"
        case let .entryNotObject(tensor):
            "the header entry of tensor \(tensor) is not a JSON object"
        case let .missingField(tensor, field):
            "tensor \(tensor) has no '\(field)' in the header"
        case let .unsupportedDType(tensor, dtype):
            "tensor \(tensor) has dtype \(dtype); only F32 is supported (save the weights as float32)"
        case let .invalidShape(tensor, reason):
            "tensor \(tensor) has an invalid shape: \(reason); sizes must be non-negative integers"
        case let .invalidDataOffsets(tensor):
            "tensor \(tensor) has invalid data_offsets; they must be two non-negative integers [begin, end]"
        case let .reversedOffsets(tensor, begin, end):
            "tensor \(tensor) has data_offsets [\(begin), \(end)] that end before they begin"
        case let .offsetsOutOfRange(tensor, end, size):
            "tensor \(tensor) ends at byte \(end) but the data has only \(size) bytes; the file is truncated"
        case let .byteCountMismatch(tensor, shape, expected, actual):
            "tensor \(tensor) of shape \(shape) needs \(expected) bytes of F32 data but its data_offsets span \(actual)"
        case let .overlappingTensors(first, second):
            "tensors \(first) and \(second) overlap in the data buffer"
        case let .uncoveredBytes(begin, end):
            "data bytes \(begin)..<\(end) belong to no tensor; safetensors requires the buffer fully covered"
        case .metadataNotObject:
            "__metadata__ is not a JSON object"
        case let .metadataValueNotString(key):
            "__metadata__ value '\(key)' is not a string; safetensors metadata maps strings to strings"
        }
    }
}
