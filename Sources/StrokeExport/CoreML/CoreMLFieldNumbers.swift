/// Field numbers of the Core ML specification messages the exporter writes, read from Apple's
/// published .proto files (github.com/apple/coremltools, `mlmodel/format/`). Each enum is one
/// message and names the file it is defined in; every number below was checked against that file.
enum CoreMLField {
    /// `Model` (Model.proto).
    enum Model {
        static let specificationVersion = 1
        static let description = 2
        static let neuralNetworkClassifier = 403
    }

    /// `ModelDescription` (Model.proto).
    enum ModelDescription {
        static let input = 1
        static let output = 10
        static let predictedFeatureName = 11
        static let predictedProbabilitiesName = 12
        static let metadata = 100
    }

    /// `FeatureDescription` (Model.proto).
    enum FeatureDescription {
        static let name = 1
        static let shortDescription = 2
        static let type = 3
    }

    /// `Metadata` (Model.proto).
    enum Metadata {
        static let shortDescription = 1
        static let versionString = 2
        static let author = 3
        static let userDefined = 100
    }

    /// An entry of a `map<K, V>` field: on the wire a map is `repeated Entry { K key = 1; V value = 2; }`
    /// (protobuf.dev/programming-guides/proto3, "Maps", backwards compatibility).
    enum MapEntry {
        static let key = 1
        static let value = 2
    }

    /// `FeatureType`'s `oneof Type` (FeatureTypes.proto).
    enum FeatureType {
        static let stringType = 3
        static let imageType = 4
        static let dictionaryType = 6
    }

    /// `ImageFeatureType` (FeatureTypes.proto).
    enum ImageFeatureType {
        static let width = 1
        static let height = 2
        static let colorSpace = 3
        /// `ColorSpace.GRAYSCALE`: 8 bits per pixel.
        static let grayscale = 10
    }

    /// `DictionaryFeatureType`'s `oneof KeyType` (FeatureTypes.proto).
    enum DictionaryFeatureType {
        static let stringKeyType = 2
    }

    /// `StringVector` (DataStructures.proto).
    enum StringVector {
        static let vector = 1
    }

    /// `NeuralNetworkClassifier` (NeuralNetwork.proto).
    enum NeuralNetworkClassifier {
        static let layers = 1
        static let preprocessing = 2
        static let stringClassLabels = 100
        static let labelProbabilityLayerName = 200
    }

    /// `NeuralNetworkPreprocessing` (NeuralNetwork.proto).
    enum NeuralNetworkPreprocessing {
        static let featureName = 1
        static let scaler = 10
    }

    /// `NeuralNetworkImageScaler` (NeuralNetwork.proto): y = channelScale · x + grayBias.
    enum NeuralNetworkImageScaler {
        static let channelScale = 10
        static let grayBias = 30
    }

    /// `NeuralNetworkLayer` and its `oneof layer` (NeuralNetwork.proto).
    enum NeuralNetworkLayer {
        static let name = 1
        static let input = 2
        static let output = 3
        static let convolution = 100
        static let pooling = 120
        static let activation = 130
        static let innerProduct = 140
        /// `SoftmaxLayerParams` has no fields: presence alone selects the layer.
        static let softmax = 175
        static let flatten = 301
    }

    /// `ConvolutionLayerParams` (NeuralNetwork.proto).
    enum ConvolutionLayerParams {
        static let outputChannels = 1
        static let kernelChannels = 2
        static let nGroups = 10
        static let kernelSize = 20
        static let stride = 30
        static let dilationFactor = 40
        static let valid = 50
        static let hasBias = 70
        static let weights = 90
        static let bias = 91
    }

    /// `ValidPadding` (NeuralNetwork.proto).
    enum ValidPadding {
        static let paddingAmounts = 1
    }

    /// `BorderAmounts` (NeuralNetwork.proto): one `EdgeSizes` for height, then one for width.
    enum BorderAmounts {
        static let borderAmounts = 10
    }

    /// `BorderAmounts.EdgeSizes` (NeuralNetwork.proto).
    enum EdgeSizes {
        static let startEdgeSize = 1
        static let endEdgeSize = 2
    }

    /// `PoolingLayerParams` (NeuralNetwork.proto).
    enum PoolingLayerParams {
        static let type = 1
        static let kernelSize = 10
        static let stride = 20
        static let valid = 30
        /// `PoolingType.MAX`.
        static let max = 0
    }

    /// `ActivationParams`' `oneof NonlinearityType` (NeuralNetwork.proto).
    enum ActivationParams {
        static let linear = 5
        /// `ActivationReLU` has no fields.
        static let reLU = 10
    }

    /// `ActivationLinear` (NeuralNetwork.proto): f(x) = alpha · x + beta.
    enum ActivationLinear {
        static let alpha = 1
        static let beta = 2
    }

    /// `InnerProductLayerParams` (NeuralNetwork.proto): weights `[C_out, C_in]`.
    enum InnerProductLayerParams {
        static let inputChannels = 1
        static let outputChannels = 2
        static let hasBias = 10
        static let weights = 20
        static let bias = 21
    }

    /// `FlattenLayerParams` (NeuralNetwork.proto).
    enum FlattenLayerParams {
        static let mode = 1
        /// `FlattenOrder.CHANNEL_FIRST`: (c, y, x) order, as PyTorch's `Flatten` and our dense weights.
        static let channelFirst = 0
    }

    /// `WeightParams` (NeuralNetwork.proto).
    enum WeightParams {
        static let floatValue = 1
    }
}
