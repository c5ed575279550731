import AllocationCounter
import Foundation
import StrokeModel
import Testing

/// "No allocation per call after warm-up": the heap allocations of single classifier calls
/// (which run on the calling thread at any thread count), counted on that thread by the
/// AllocationCounter test library (glibc only).
///
/// Only in optimised builds (`make test` runs this suite again with `-c release`): what ships
/// is optimised, and a debug build allocates in every unspecialised generic loop.
@Suite(
    "classifier calls allocate nothing after warm-up",
    .enabled(if: allocation_counting_supported() == 1 && isOptimizedBuild, "needs glibc and an optimised build"))
struct AllocationFreeTests {
    typealias S = CodeBuiltStrokes

    /// Allocations made by `body` on this thread.
    private func allocations(_ body: () -> Void) -> Int {
        let before = allocation_count()
        body()
        return allocation_count() - before
    }

    @Test func theCounterSeesAllocations() throws {
        // Loading a model allocates (tensors, workspaces): a counter that saw nothing would
        // make every check below pass vacuously.
        var classifier: StrokeClassifier?
        let counted = allocations { classifier = try? StrokeClassifier(contentsOf: S.shippedModelURL) }
        #expect(classifier != nil)
        #expect(counted > 0)
    }

    @Test func classifyingStrokesAndImagesAllocatesNothing() throws {
        let classifier = try StrokeClassifier(contentsOf: S.shippedModelURL)
        let drawings: [[[StrokePoint]]] = [
            [S.circle(size: 90, cx: 300, cy: 200)],
            [S.arrow(length: 140, angle: 0.3, x: 40, y: 60)],
            [S.cycle(size: 70, cx: 120, cy: 80)],
        ]
        let image = StrokeRasterizer(parameters: classifier.model.rasterizer).rasterize(drawings[0])
        for drawing in drawings { _ = classifier.classify(strokes: drawing) }  // warm-up
        _ = classifier.classify(image: image)

        var labels: [String?] = []
        labels.reserveCapacity(300)
        let strokes = allocations {
            for i in 0..<300 { labels.append(classifier.classify(strokes: drawings[i % 3]).label) }
        }
        #expect(strokes == 0, "\(strokes) allocations in 300 stroke classifications")
        // The calls did real work: each drawing got its class.
        #expect(labels.prefix(3) == ["circle", "arrow", "cycle"])

        var circles = 0
        let images = allocations {
            for _ in 0..<100 where classifier.classify(image: image).label == "circle" { circles += 1 }
        }
        #expect(images == 0, "\(images) allocations in 100 image classifications")
        #expect(circles == 100)
    }
}

#if DEBUG
private let isOptimizedBuild = false
#else
private let isOptimizedBuild = true
#endif
