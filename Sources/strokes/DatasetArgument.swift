import Foundation
import StrokeModel
import StrokeTraining
import CommandLineSupport

/// A dataset on the `train` command line: `PATH`, or `PATH:SHARE` with SHARE a count (`500`)
/// or a weight (`0.5x`).
struct DatasetArgument {
    var path: String
    var share: DatasetShare

    /// The suffix is read only when the whole argument is not an existing path, so a folder
    /// whose name contains a colon can still be passed as it is.
    init(_ text: String) throws {
        guard !FileManager.default.fileExists(atPath: text), let colon = text.lastIndex(of: ":") else {
            self.init(path: text, share: .all)
            return
        }
        let path = String(text[..<colon]), suffix = String(text[text.index(after: colon)...])
        guard let share = DatasetShare(suffix) else {
            throw UsageError("dataset \(text): no such folder, and '\(suffix)' is not a share of \(path); write "
                + "\(path):N for a count of at least one image (e.g. \(path):500) or \(path):Wx for a weight above 0 (e.g. \(path):0.5x)")
        }
        self.init(path: path, share: share)
    }

    init(path: String, share: DatasetShare) {
        self.path = path
        self.share = share
    }

    /// Checks the loaded folders against each other and returns them under the primary's
    /// labels: each folder once (the primary's images mixed in again would leak its validation
    /// images into training), the primary's classes or some of them (a folder of corrected
    /// strokes may hold only arrows), and no count beyond a folder's images. The one class a
    /// mixed-in folder may add is `other` (strokes that are none of the shapes, such as
    /// generated scribbles beside real strokes): it joins the labels, last.
    static func aligned(_ arguments: [DatasetArgument], loaded: [Dataset]) throws -> [Dataset] {
        let folders = arguments.map { URL(fileURLWithPath: $0.path).standardizedFileURL.resolvingSymlinksInPath().path }
        for (index, folder) in folders.enumerated() {
            if let first = folders.firstIndex(of: folder), first < index {
                throw UsageError("\(arguments[index].path) is the same folder as \(arguments[first].path); give each dataset "
                    + "once (a share such as \(arguments[first].path):2x weights it)")
            }
        }
        var primary = loaded[0].labels
        let other = RejectionRule.otherLabel
        if !primary.contains(other) && loaded.contains(where: { $0.labels.contains(other) }) { primary.append(other) }
        return try zip(arguments, loaded).map { argument, data in
            guard let aligned = data.relabeled(as: primary) else {
                let extra = data.labels.filter { !primary.contains($0) }
                throw UsageError("\(argument.path) has the classes \(data.labels.joined(separator: ", ")), not those of "
                    + "\(arguments[0].path) (\(primary.joined(separator: ", "))): an extra \(extra.joined(separator: ", ")); "
                    + "every dataset needs the primary's class folders or some of them (and may add \(other))")
            }
            if case let .count(count) = argument.share, count > data.count {
                throw UsageError("\(argument.path):\(count) asks for \(count) images, but \(argument.path) has only \(data.count); "
                    + "ask for at most \(data.count)")
            }
            return aligned
        }
    }

    /// `dataset PATH: 300 of 3000 images, arrow 100, circle 100, cycle 100 (count 300)`: the
    /// folder, the images taken from it (`used`) per class, and its share.
    func summary(folder: Dataset, used: TrainingMixture.Source, isPrimary: Bool, hasOthers: Bool) -> String {
        let data = used.dataset
        let images = data.count == folder.count ? "\(data.count) images" : "\(data.count) of \(folder.count) images"
        let classes = zip(data.labels, data.classCounts).map { "\($0) \($1)" }.joined(separator: ", ")
        var share: String
        switch self.share {
        case .count: share = "count \(self.share)"
        case .weight: share = "weight \(self.share)" + (isPrimary ? "" : ", \(used.imagesPerEpoch) per epoch")
        }
        if isPrimary && hasOthers { share = "primary, " + share }
        return "dataset \(path): \(images), \(classes) (\(share))"
    }
}
