/// Reads and writes safetensors containers holding `F32` tensors: the container of model
/// files, public so that tools outside the package (the fuzz targets) can check it alone.
///
/// Layout: an 8-byte little-endian header length `N`, `N` bytes of UTF-8 JSON mapping each
/// tensor name to `{"dtype", "shape", "data_offsets": [begin, end]}` (offsets relative to the
/// data buffer) plus an optional `__metadata__` string map, then the data buffer.
/// See https://github.com/huggingface/safetensors.
public enum SafeTensors {
    /// One row-major tensor.
    public struct Tensor: Hashable, Sendable {
        /// Its key in the header, e.g. `layers.0.weight`.
        public var name: String
        /// Its dimensions, outermost first.
        public var shape: [Int]
        /// Its numbers, row-major: as many as the shape's product.
        public var values: [Float]

        /// A tensor named `name` of `shape` holding `values`.
        public init(name: String, shape: [Int], values: [Float]) {
            self.name = name
            self.shape = shape
            self.values = values
        }
    }

    /// What a file holds: tensors in data-buffer order and the `__metadata__` map.
    public struct Contents: Equatable, Sendable {
        /// The tensors, in the order of their data.
        public var tensors: [Tensor]
        /// The header's `__metadata__`: string keys to string values.
        public var metadata: [String: String]

        /// A file's contents: `tensors` and `metadata`.
        public init(tensors: [Tensor], metadata: [String: String] = [:]) {
            self.tensors = tensors
            self.metadata = metadata
        }

        /// The tensor named `name`, if the file has one.
        public subscript(name: String) -> Tensor? { tensors.first { $0.name == name } }
    }

    /// The reference implementation refuses larger headers (against JSON bombs); so do we.
    public static let maxHeaderLength = 100_000_000
    static let metadataKey = "__metadata__"

    /// Encodes deterministically: JSON keys sorted by their UTF-8 bytes, no whitespace, the
    /// header padded with spaces so the data starts 8-byte aligned, tensors laid out in the
    /// order given, contiguously. An empty `metadata` is left out of the header.
    public static func encode(_ tensors: [Tensor], metadata: [String: String] = [:]) -> [UInt8] {
        var entries: [(key: String, json: String)] = []
        var offset = 0
        for tensor in tensors {
            precondition(tensor.name != metadataKey, "'\(metadataKey)' is reserved")
            precondition(tensor.shape.allSatisfy { $0 >= 0 }, "shape of \(tensor.name) has a negative size")
            precondition(tensor.shape.reduce(1, *) == tensor.values.count, "shape of \(tensor.name) does not match its values")
            let end = offset + 4 * tensor.values.count
            let shape = tensor.shape.map(String.init).joined(separator: ",")
            entries.append((tensor.name, "{\"data_offsets\":[\(offset),\(end)],\"dtype\":\"F32\",\"shape\":[\(shape)]}"))
            offset = end
        }
        precondition(Set(entries.map(\.key)).count == entries.count, "tensor names must be unique")
        if !metadata.isEmpty {
            let members = metadata.sorted { utf8Less($0.key, $1.key) }
                .map { HeaderJSON.quoted($0.key) + ":" + HeaderJSON.quoted($0.value) }
            entries.append((metadataKey, "{" + members.joined(separator: ",") + "}"))
        }
        entries.sort { utf8Less($0.key, $1.key) }
        var header = Array(("{" + entries.map { HeaderJSON.quoted($0.key) + ":" + $0.json }.joined(separator: ",") + "}").utf8)
        header.append(contentsOf: repeatElement(UInt8(ascii: " "), count: (8 - header.count % 8) % 8))

        var bytes: [UInt8] = []
        bytes.reserveCapacity(8 + header.count + offset)
        appendLittleEndian(UInt64(header.count), to: &bytes)
        bytes.append(contentsOf: header)
        for tensor in tensors {
            #if _endian(little)
            tensor.values.withUnsafeBytes { bytes.append(contentsOf: $0) }  // already the file's byte order
            #else
            for value in tensor.values { appendLittleEndian(value.bitPattern, to: &bytes) }
            #endif
        }
        return bytes
    }

    /// Decodes and validates a whole file; tensors come back in data-buffer order.
    public static func decode(_ bytes: [UInt8]) throws(SafeTensorsError) -> Contents {
        guard bytes.count >= 8 else { throw .fileTooShort(byteCount: bytes.count) }
        let headerLength = bytes[0..<8].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        guard headerLength <= UInt64(maxHeaderLength) else { throw .headerTooLarge(length: headerLength) }
        guard headerLength <= UInt64(bytes.count - 8) else {
            throw .headerBeyondFile(length: Int(headerLength), fileSize: bytes.count)
        }
        let dataStart = 8 + Int(headerLength)
        let header = try parseHeader(Array(bytes[8..<dataStart]))
        let bufferSize = bytes.count - dataStart

        var metadata: [String: String] = [:]
        var entries: [Entry] = []
        for member in header {
            if member.key == metadataKey {
                metadata = try parseMetadata(member.value)
            } else {
                entries.append(try Entry(name: member.key, json: member.value, bufferSize: bufferSize))
            }
        }
        // Data-buffer order: the order the writer chose, which the header's sorted keys lose.
        entries.sort { ($0.begin, $0.end, $0.name) < ($1.begin, $1.end, $1.name) }
        try checkCoverage(entries, bufferSize: bufferSize)

        let tensors = bytes.withUnsafeBytes { raw in
            entries.map { entry in
                let data = UnsafeRawBufferPointer(rebasing: raw[(dataStart + entry.begin)..<(dataStart + entry.end)])
                return Tensor(name: entry.name, shape: entry.shape, values: floats(littleEndian: data))
            }
        }
        return Contents(tensors: tensors, metadata: metadata)
    }

    private static func parseHeader(_ header: [UInt8]) throws(SafeTensorsError) -> [HeaderJSON.Member] {
        guard HeaderJSON.isValidUTF8(header) else { throw .headerNotUTF8 }
        // The reference implementation insists on '{' first; a leading space or '[' is not a header.
        guard header.first == UInt8(ascii: "{") else { throw .headerNotObject }
        let json: HeaderJSON
        do {
            json = try HeaderJSON.parse(header)
        } catch {
            switch error {
            case let .duplicateKey(key): throw .duplicateKey(key)
            case let .syntax(reason): throw .headerNotJSON(reason)
            }
        }
        guard case let .object(members) = json else { throw .headerNotObject }
        return members
    }

    private static func parseMetadata(_ json: HeaderJSON) throws(SafeTensorsError) -> [String: String] {
        guard case let .object(members) = json else { throw .metadataNotObject }
        var metadata: [String: String] = [:]
        for member in members {
            guard case let .string(value) = member.value else { throw .metadataValueNotString(key: member.key) }
            metadata[member.key] = value
        }
        return metadata
    }

    /// The buffer must be covered exactly: no overlaps, no holes, nothing after the last tensor.
    /// `entries` are sorted by offset.
    private static func checkCoverage(_ entries: [Entry], bufferSize: Int) throws(SafeTensorsError) {
        var covered = 0
        var previous: String?
        for entry in entries {
            if entry.begin < covered, let previous { throw .overlappingTensors(previous, entry.name) }
            if entry.begin > covered { throw .uncoveredBytes(begin: covered, end: entry.begin) }
            covered = entry.end
            previous = entry.name
        }
        if covered < bufferSize { throw .uncoveredBytes(begin: covered, end: bufferSize) }
    }

    private static func floats(littleEndian data: UnsafeRawBufferPointer) -> [Float] {
        [Float](unsafeUninitializedCapacity: data.count / 4) { buffer, initialized in
            #if _endian(little)
            UnsafeMutableRawBufferPointer(buffer).copyMemory(from: data)  // bit-exact, NaN payloads included
            #else
            for index in 0..<buffer.count {
                buffer[index] = Float(bitPattern: UInt32(littleEndian: data.loadUnaligned(fromByteOffset: 4 * index, as: UInt32.self)))
            }
            #endif
            initialized = data.count / 4
        }
    }

    private static func utf8Less(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    private static func appendLittleEndian<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }
}

/// One validated header entry; offsets are relative to the data buffer.
private struct Entry {
    let name: String
    let shape: [Int]
    let begin: Int
    let end: Int
    var count: Int { (end - begin) / 4 }

    init(name: String, json: HeaderJSON, bufferSize: Int) throws(SafeTensorsError) {
        guard case let .object(members) = json else { throw .entryNotObject(tensor: name) }
        func field(_ key: String) throws(SafeTensorsError) -> HeaderJSON {
            guard let member = members.first(where: { $0.key == key }) else { throw .missingField(tensor: name, field: key) }
            return member.value
        }

        let dtype = try field("dtype")
        guard case .string("F32") = dtype else {
            if case let .string(other) = dtype { throw .unsupportedDType(tensor: name, dtype: other) }
            throw .unsupportedDType(tensor: name, dtype: dtype.text)
        }

        guard case let .array(dims) = try field("shape") else { throw .invalidShape(tensor: name, reason: "it is not an array") }
        var shape: [Int] = []
        var elements = 1
        for dim in dims {
            guard let size = dim.integer else { throw .invalidShape(tensor: name, reason: "\(dim.text) is not an integer") }
            guard size >= 0 else { throw .invalidShape(tensor: name, reason: "\(size) is negative") }
            let (product, overflow) = elements.multipliedReportingOverflow(by: size)
            guard !overflow, product <= Int.max / 4 else { throw .invalidShape(tensor: name, reason: "it has too many elements") }
            elements = product
            shape.append(size)
        }

        guard case let .array(offsets) = try field("data_offsets"), offsets.count == 2,
              let begin = offsets[0].integer, let end = offsets[1].integer, begin >= 0, end >= 0
        else { throw .invalidDataOffsets(tensor: name) }
        guard begin <= end else { throw .reversedOffsets(tensor: name, begin: begin, end: end) }
        guard end <= bufferSize else { throw .offsetsOutOfRange(tensor: name, end: end, bufferSize: bufferSize) }
        guard end - begin == elements * 4 else {
            throw .byteCountMismatch(tensor: name, shape: shape, expected: elements * 4, actual: end - begin)
        }

        self.name = name
        self.shape = shape
        self.begin = begin
        self.end = end
    }
}
