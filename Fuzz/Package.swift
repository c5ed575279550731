// swift-tools-version: 6.1
import PackageDescription

// libFuzzer targets for the readers of untrusted files (see README.md). A package of its own so
// the root package's builds and tests never see `-sanitize=fuzzer`; build with run.sh.
let package = Package(
    name: "StrokesFuzz",
    dependencies: [.package(name: "Strokes", path: "..")],
    targets: [
        .target(name: "FuzzDriver"),
        .executableTarget(name: "FuzzPNG", dependencies: ["FuzzDriver", .product(name: "StrokeTraining", package: "Strokes")]),
        .executableTarget(name: "FuzzModelFile", dependencies: ["FuzzDriver", .product(name: "StrokeModel", package: "Strokes")]),
        .executableTarget(
            name: "FuzzDrawingJSON",
            dependencies: [
                "FuzzDriver",
                .product(name: "AutomataEditorCore", package: "Strokes"),
                .product(name: "StrokeModel", package: "Strokes"),
            ]),
        .executableTarget(
            name: "FuzzDocumentJSON", dependencies: ["FuzzDriver", .product(name: "AutomataEditorCore", package: "Strokes")]),
        .executableTarget(
            name: "FuzzJFLAP", dependencies: ["FuzzDriver", .product(name: "AutomataEditorCore", package: "Strokes")]),
        .executableTarget(
            name: "FuzzInkML",
            dependencies: [
                "FuzzDriver",
                .product(name: "InkFiles", package: "Strokes"),
                .product(name: "StrokeModel", package: "Strokes"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
