/// The ONNX protobuf field numbers and enum values the exporter writes.
///
/// Every number is from the published schema, `onnx/onnx.proto` in github.com/onnx/onnx
/// (read at commit 004aa57f442055b51af980769883b544ac4f87f2, and checked against the
/// descriptors generated from onnx 1.23's copy). Protobuf field numbers never change once
/// published, so files written with them stay readable by every ONNX release.
enum ONNXSchema {
    /// `message ModelProto`.
    enum Model {
        static let irVersion = 1            // optional int64 ir_version = 1
        static let producerName = 2         // optional string producer_name = 2
        static let docString = 6            // optional string doc_string = 6
        static let graph = 7                // optional GraphProto graph = 7
        static let opsetImport = 8          // repeated OperatorSetIdProto opset_import = 8
        static let metadataProps = 14       // repeated StringStringEntryProto metadata_props = 14
    }

    /// `message OperatorSetIdProto`.
    enum OperatorSetID {
        static let domain = 1               // optional string domain = 1
        static let version = 2              // optional int64 version = 2
    }

    /// `message StringStringEntryProto`.
    enum StringStringEntry {
        static let key = 1                  // optional string key = 1
        static let value = 2                // optional string value = 2
    }

    /// `message GraphProto`.
    enum Graph {
        static let node = 1                 // repeated NodeProto node = 1
        static let name = 2                 // optional string name = 2
        static let initializer = 5          // repeated TensorProto initializer = 5
        static let docString = 10           // optional string doc_string = 10
        static let input = 11               // repeated ValueInfoProto input = 11
        static let output = 12              // repeated ValueInfoProto output = 12
    }

    /// `message NodeProto`.
    enum Node {
        static let input = 1                // repeated string input = 1
        static let output = 2               // repeated string output = 2
        static let name = 3                 // optional string name = 3
        static let opType = 4               // optional string op_type = 4
        static let attribute = 5            // repeated AttributeProto attribute = 5
    }

    /// `message AttributeProto`.
    enum Attribute {
        static let name = 1                 // optional string name = 1
        static let i = 3                    // optional int64 i = 3
        static let ints = 8                 // repeated int64 ints = 8 (not declared packed)
        static let type = 20                // optional AttributeType type = 20

        /// `enum AttributeType`.
        enum Kind {
            static let int: Int64 = 2       // INT = 2
            static let ints: Int64 = 7      // INTS = 7
        }
    }

    /// `message TensorProto`.
    enum Tensor {
        static let dims = 1                 // repeated int64 dims = 1 (not declared packed)
        static let dataType = 2             // optional int32 data_type = 2
        static let name = 8                 // optional string name = 8
        static let rawData = 9              // optional bytes raw_data = 9 (fixed-width little-endian)

        /// `enum DataType`.
        enum DataType {
            static let float: Int64 = 1     // FLOAT = 1
        }
    }

    /// `message ValueInfoProto`.
    enum ValueInfo {
        static let name = 1                 // optional string name = 1
        static let type = 2                 // optional TypeProto type = 2
        static let docString = 3            // optional string doc_string = 3
    }

    /// `message TypeProto` and its nested `message Tensor`.
    enum TypeInfo {
        static let tensorType = 1           // TypeProto: Tensor tensor_type = 1 (oneof value)
        static let elementType = 1          // TypeProto.Tensor: optional int32 elem_type = 1
        static let shape = 2                // TypeProto.Tensor: optional TensorShapeProto shape = 2
    }

    /// `message TensorShapeProto` and its nested `message Dimension`.
    enum Shape {
        static let dim = 1                  // TensorShapeProto: repeated Dimension dim = 1
        static let dimValue = 1             // Dimension: int64 dim_value = 1 (oneof value)
        static let dimParam = 2             // Dimension: string dim_param = 2 (oneof value)
    }
}
