import StrokeModel

/// The `ModelDescription`: the interface the editor's code is written against (an image in,
/// a label and a dictionary of probabilities out) and the metadata Xcode shows.
enum CoreMLModelDescription {
    typealias Field = CoreMLField

    static func message(for model: ClassifierModel) -> ProtobufWriter {
        let input = model.architecture.input
        var w = ProtobufWriter()
        w.message(Field.ModelDescription.input) { feature in
            feature.string(Field.FeatureDescription.name, CoreMLExporter.inputName)
            feature.string(
                Field.FeatureDescription.shortDescription,
                "\(input.width)×\(input.height) grayscale image of one pen stroke, white ink on black")
            feature.message(Field.FeatureDescription.type) { type in
                type.message(Field.FeatureType.imageType) { image in
                    image.int(Field.ImageFeatureType.width, input.width)
                    image.int(Field.ImageFeatureType.height, input.height)
                    image.int(Field.ImageFeatureType.colorSpace, Field.ImageFeatureType.grayscale)
                }
            }
        }
        w.message(Field.ModelDescription.output) { feature in
            feature.string(Field.FeatureDescription.name, CoreMLExporter.labelName)
            // The classifier always names a class: say which one means "none of the shapes".
            let other = ExportCalibration(model: model).rejectionLabel
            feature.string(
                Field.FeatureDescription.shortDescription,
                "The most probable class" + (other.map { "; '\($0)' means rejected: none of the shapes" } ?? ""))
            feature.message(Field.FeatureDescription.type) { type in
                type.message(Field.FeatureType.stringType) { _ in }
            }
        }
        w.message(Field.ModelDescription.output) { feature in
            feature.string(Field.FeatureDescription.name, CoreMLExporter.probabilitiesName)
            feature.string(Field.FeatureDescription.shortDescription, "The probability of every class")
            feature.message(Field.FeatureDescription.type) { type in
                type.message(Field.FeatureType.dictionaryType) { dictionary in
                    dictionary.message(Field.DictionaryFeatureType.stringKeyType) { _ in }
                }
            }
        }
        w.string(Field.ModelDescription.predictedFeatureName, CoreMLExporter.labelName)
        w.string(Field.ModelDescription.predictedProbabilitiesName, CoreMLExporter.probabilitiesName)
        w.message(Field.ModelDescription.metadata, CoreMLMetadata.message(for: model))
        return w
    }
}
