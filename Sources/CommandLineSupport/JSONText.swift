import Foundation

/// The one way the command lines print figures as JSON: Codable with sorted keys, so a run's
/// output diffs cleanly against the last one.
package enum JSONText {
    /// Indented, for files a person reads.
    package static func pretty(_ value: some Encodable) -> String { encode(value, [.prettyPrinted]) }

    /// One line, for figures a script reads from standard output.
    package static func line(_ value: some Encodable) -> String { encode(value, []) }

    private static func encode(_ value: some Encodable, _ formatting: JSONEncoder.OutputFormatting) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = formatting.union([.sortedKeys, .withoutEscapingSlashes])
        // Every figure here is a plain struct of numbers and strings: encoding cannot fail.
        return String(decoding: (try? encoder.encode(value)) ?? Data(), as: UTF8.self)
    }
}
