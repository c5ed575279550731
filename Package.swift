// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Strokes",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "StrokeModel", targets: ["StrokeModel"]),
        .library(name: "StrokeTraining", targets: ["StrokeTraining", "PNGImages"]),
        .library(name: "AutomataEditorCore", targets: ["AutomataEditorCore"]),
        .library(name: "InkFiles", targets: ["InkFiles"]),
        .executable(name: "strokes", targets: ["strokes"]),
        .executable(name: "automata", targets: ["automata"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // The editor server's HTTP layer; its default traits would add swift-configuration, unused here.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
    ],
    targets: [
        // System libraries, found through pkg-config.
        .systemLibrary(
            name: "CBLAS", path: "Sources/CBLAS", pkgConfig: "openblas",
            providers: [.apt(["libopenblas-dev"])]),
        .systemLibrary(
            name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]),

        // The inference module the editor imports: no training code, no libpng.
        // On Apple platforms cblas.h comes from Accelerate (see Kernels/BLAS.swift).
        .target(
            name: "StrokeModel",
            dependencies: [.target(name: "CBLAS", condition: .when(platforms: [.linux]))]),
        // Gray images and PNG files through libpng: datasets, reports and the editor's corrections.
        .target(name: "PNGImages", dependencies: ["StrokeModel", "CPNG"]),
        .target(name: "StrokeTraining", dependencies: ["StrokeModel", "PNGImages", "CPNG"]),
        .target(name: "StrokeReports", dependencies: ["StrokeModel", "StrokeTraining"]),
        // XML read behind limits on size, depth and elements (FoundationXML's XMLParser, with
        // the inputs that crash it on Linux refused first): for JFLAP and InkML files.
        .target(name: "BoundedXML"),
        // The automaton editor's platform-independent core: documents, strokes → elements,
        // simulation and automaton algorithms.
        .target(name: "AutomataEditorCore", dependencies: ["StrokeModel", "BoundedXML"]),
        // InkML, the W3C format of online-handwriting databases: traces as drawing events.
        .target(name: "InkFiles", dependencies: ["StrokeModel", "BoundedXML"]),
        // Whole automata drawn with hand-like strokes, and how a reading is scored against what
        // was meant: for the drawing benchmark and the end-to-end recognition tests.
        .target(name: "AutomatonSketches", dependencies: ["AutomataEditorCore", "StrokeModel", "StrokeTraining"]),
        // The editor in a browser: the page (static resources) and the JSON API over the editor core.
        .target(
            name: "AutomataEditorServer",
            dependencies: [
                "AutomataEditorCore", "InkFiles", "StrokeModel", "PNGImages",
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            resources: [.copy("Page")]),

        // The benchmarks wing (Benchmarks/): every speed and accuracy measurement, each with
        // what it is judged by. No production target depends on it.
        // Training and inference speed beside a reference measured in the same run (`strokes bench`).
        .target(name: "StrokeBenchmarks", dependencies: ["StrokeModel", "StrokeTraining"], path: "Benchmarks/StrokeBenchmarks"),
        // The editor: generated drawings, ink by other people, grading and the server (`automata bench`).
        .target(
            name: "EditorBenchmarks",
            dependencies: [
                "AutomataEditorCore", "AutomataEditorServer", "AutomatonSketches", "InkFiles", "StrokeModel", "StrokeTraining",
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            path: "Benchmarks/EditorBenchmarks"),
        // Model files for other runtimes (ONNX, Core ML), protobuf written by hand.
        .target(name: "StrokeExport", dependencies: ["StrokeModel"]),
        // What both command-line tools share: one-line errors, stdout for results, stderr for the
        // rest, and OpenBLAS's start-up.
        .target(
            name: "CommandLineSupport",
            dependencies: ["StrokeModel", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .executableTarget(
            name: "strokes",
            dependencies: [
                "StrokeModel", "StrokeTraining", "StrokeReports", "StrokeExport", "StrokeBenchmarks", "InkFiles", "CommandLineSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        .executableTarget(
            name: "automata",
            dependencies: [
                "AutomataEditorCore", "AutomatonSketches", "AutomataEditorServer", "EditorBenchmarks", "InkFiles", "StrokeModel", "CommandLineSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        // Test support: counts heap allocations (glibc), for the allocation-free checks.
        .target(name: "AllocationCounter", path: "Tests/AllocationCounter"),
        // Test support: the project's Python environment (.venv), for checks by Python's own tools.
        .target(name: "PythonSupport", path: "Tests/PythonSupport"),
        .testTarget(name: "StrokeModelTests", dependencies: ["StrokeModel", "StrokeTraining", "AllocationCounter", "PythonSupport"]),
        .testTarget(name: "StrokeTrainingTests", dependencies: ["StrokeTraining", "StrokeModel", "CPNG", "AllocationCounter"]),
        .testTarget(name: "StrokeReportsTests", dependencies: ["StrokeReports", "StrokeTraining", "PythonSupport"]),
        .testTarget(name: "AutomataEditorCoreTests", dependencies: ["AutomataEditorCore", "AutomatonSketches", "EditorBenchmarks", "BoundedXML", "InkFiles", "StrokeModel", "StrokeTraining"]),
        .testTarget(name: "InkFilesTests", dependencies: ["InkFiles", "StrokeModel"]),
        .testTarget(
            name: "AutomataEditorServerTests",
            dependencies: [
                "AutomataEditorServer", "AutomataEditorCore", "AutomatonSketches", "StrokeModel", "StrokeTraining",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]),
        .testTarget(name: "StrokeExportTests", dependencies: ["StrokeExport", "StrokeModel", "StrokeTraining", "PythonSupport"]),
        .testTarget(name: "CommandLineTests", dependencies: ["StrokeModel", "StrokeTraining", "StrokeReports", "PythonSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

// `make test` runs the allocation checks in a release build of only the modules they need
// (STROKES_ALLOCATION_CHECKS set): a release build of the whole package spends minutes more on
// the editor, its server and their dependencies, which these checks never touch.
if Context.environment["STROKES_ALLOCATION_CHECKS"] != nil {
    let needed: Set<String> = [
        "CBLAS", "CPNG", "StrokeModel", "PNGImages", "StrokeTraining", "AllocationCounter", "PythonSupport",
        "StrokeModelTests", "StrokeTrainingTests",
    ]
    package.targets.removeAll { !needed.contains($0.name) }
    package.products.removeAll { !["StrokeModel", "StrokeTraining"].contains($0.name) }
}
