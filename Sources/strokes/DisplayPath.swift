import Foundation

/// A dataset file's path under the folder as the user typed it (`../data/cycle/x.png`), not
/// the absolute path the loader keeps, so reports stay short and paths work from here.
func displayPath(_ path: String, under typedFolder: String) -> String {
    let root = URL(fileURLWithPath: typedFolder).path + "/"
    guard path.hasPrefix(root) else { return path }
    let typed = typedFolder.hasSuffix("/") ? typedFolder : typedFolder + "/"
    return typed + path.dropFirst(root.count)
}
