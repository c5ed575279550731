import Foundation
import Testing
@testable import AutomataEditorCore

/// Inputs the drawing fuzzer (Fuzz/, `make fuzz`) found: a drawing file may hold any finite
/// number, and messages rounding far-away (or, after overflow, non-finite) points to `Int`
/// stopped the program.
@Suite struct RecognitionFuzzFindingsTests {
    private static func at(_ x: Double, _ y: Double) -> CanvasPoint { CanvasPoint(x: x, y: y) }

    /// The fuzzer's drawing, minimised: `[[[3,1],[5,1e38]]]`, read as a cycle.
    @Test func aCycleFarAwayIsDescribedWithoutCrashing() {
        let result = RecognitionRules().interpret(.cycle, stroke: [Self.at(3, 1), Self.at(5, 1e38)], in: AutomatonDocument())
        #expect(result.changesNothing)
        #expect(result.message == "cycle: no state near (4, 5e+37): nothing changed")
    }

    /// Coordinates whose squares overflow make the centre NaN (the fuzzer's first input).
    @Test func aCycleWithANaNCentreIsDescribedWithoutCrashing() {
        let result = RecognitionRules().interpret(.cycle, stroke: [Self.at(0, 0), Self.at(1e300, 1e300)], in: AutomatonDocument())
        #expect(result.changesNothing)
        #expect(result.message.hasPrefix("cycle: no state near (") && result.message.contains("nan"), "\(result.message)")
    }

    @Test func anArrowFarAwayIsDescribedWithoutCrashing() {
        let result = RecognitionRules().interpret(.arrow, stroke: [Self.at(3, 1), Self.at(5, 1e38)], in: AutomatonDocument())
        #expect(result.message == "arrow: no state at either end ((3, 1) → (5, 1e+38)): nothing changed")
    }

    /// The same rounding named unnamed states in `automata check`.
    @Test func anUnnamedStateFarAwayIsNamedByItsPlace() {
        let document = AutomatonDocument(states: [
            .init(id: 0, name: "q0", center: Self.at(0, 0), radius: 30, isInitial: true),
            .init(id: 1, name: "", center: Self.at(1e20, -1e300), radius: 30),
        ])
        let messages = DocumentCheck.problems(in: document).map(\.message)
        #expect(messages.contains { $0.contains("the unnamed state at (1e+20, -1e+300)") }, "\(messages)")
        #expect(DocumentWording.name(of: document.states[1]) == "the unnamed state at (1e+20, -1e+300)")
    }
}

/// A document the document fuzz target crashed on: the reader accepted `nextID` = Int.max, and
/// the editor's next new element overflowed it.
@Suite struct DocumentFuzzFindingsTests {
    private func document(nextID: Int) -> AutomatonDocument {
        AutomatonDocument(states: [.init(id: 0, name: "q0", center: CanvasPoint(x: 0, y: 0), radius: 30)], nextID: nextID)
    }

    @Test func aNextIDWithoutRoomToGrowIsRefused() {
        for nextID in [Int.max, AutomatonDocument.largestNextID + 1] {
            #expect(document(nextID: nextID).inconsistencies == [
                "nextID \(nextID) is above \(AutomatonDocument.largestNextID), leaving no room for new ids",
            ])
        }
        let text = #"{"format": "strokes.automaton", "version": 1, "document": {"states": [], "transitions": [], "extraSymbols": [], "nextID": 9223372036854775807}}"#
        #expect(throws: AutomatonFileError.self) { try AutomatonFile.decoded(Data(text.utf8), from: URL(fileURLWithPath: "x.automaton")) }
    }

    @Test func theLargestNextIDStillTakesNewElements() {
        var editor = Editor(document: document(nextID: AutomatonDocument.largestNextID))
        #expect(editor.document.inconsistencies.isEmpty)
        editor.apply(.addState(center: CanvasPoint(x: 100, y: 0), radius: 30))
        editor.apply(.addSelfLoop(state: 0))
        #expect(editor.document.states.last?.id == AutomatonDocument.largestNextID)
        #expect(editor.document.transitions.last?.id == AutomatonDocument.largestNextID + 1)
    }
}

/// Inputs the JFLAP fuzzer (`FuzzJFLAP`) found that stopped FoundationXML itself on Linux (it
/// crashes instead of reporting an error): the reader must refuse them before the parser sees them.
@Suite struct JFLAPFuzzFindingsTests {
    static func problem(_ bytes: [UInt8]) -> JFLAPFileError.Problem? {
        do {
            _ = try JFLAPFile.decoded(Data(bytes), from: URL(fileURLWithPath: "fuzz.jff"))
            return nil
        } catch {
            return error.problem
        }
    }

    /// A comment holding bytes that are not UTF-8 (the fuzzer's 0xFF run): `_NSXMLParserComment` trapped.
    @Test func textThatIsNotUTF8IsRefused() {
        let bytes = Array("<structure><type>fa</type><!-- ".utf8) + [0xFF, 0xFF, 0xFE] + Array(" --></structure>".utf8)
        #expect(Self.problem(bytes) == .notXML("the file is not UTF-8 text, as JFLAP writes it"))
    }

    /// `<?xml?>`, a declaration without a version: the parser dereferenced a null pointer.
    @Test func aDeclarationWithoutAVersionIsNotGivenToTheParser() {
        let bytes = Array("<?xml?>\n<structure><type>fa</type><state id=\"0\"><x>1</x><y>2</y></state></structure>".utf8)
        #expect(Self.problem(bytes) == nil, "the declaration is dropped and the file reads")
        #expect(Self.problem(Array("<?xml version=\"1.0\"".utf8)) == .notXML("not well-formed XML (line 1, column 1)"))
        // A byte-order mark before the declaration is allowed, as editors write it.
        #expect(Self.problem([0xEF, 0xBB, 0xBF] + Array("<?xml version=\"1.0\"?><structure><type>re</type><expression>a</expression></structure>".utf8)) == nil)
    }
}

extension JFLAPFuzzFindingsTests {
    /// `<?x?>` anywhere: `_NSXMLParserProcessingInstruction` read a null pointer.
    @Test func aProcessingInstructionIsRefused() {
        for text in ["<structure><?x?></structure>", "<?xml version=\"1.0\"?><?x?><structure/>", "<?p?><structure/>"] {
            guard case .notXML(let message) = Self.problem(Array(text.utf8)) else { Issue.record("\(text) read"); continue }
            #expect(message.contains("processing instruction"))
        }
    }

    /// A carriage return read as a symbol came back from the export as a line feed: another
    /// language. Line breaks and control characters are not symbols, in reads and expressions.
    @Test func lineBreaksAndControlCharactersAreNotSymbols() {
        for read in ["&#13;", "a&#13;", "&#13;&#10;", "&#xD;b", "&#x85;"] {
            let text = "<structure><type>fa</type><state id=\"0\"/><transition><from>0</from><to>0</to><read>\(read)</read></transition></structure>"
            guard case .malformed(let message) = Self.problem(Array(text.utf8)) else { Issue.record("\(read) read"); continue }
            #expect(message.contains("is not a symbol"), "\(message)")
        }
        let expression = "<structure><type>re</type><expression>a&#x86;</expression></structure>"
        #expect(Self.problem(Array(expression.utf8)) == .malformedExpression("character 2 is not a symbol (U+86)"))
    }

    @Test func anExportRefusesASymbolThatWouldNotReadBack() {
        let document = AutomatonDocument(states: [
            .init(id: 0, name: "q0", center: CanvasPoint(x: 0, y: 0), radius: 20, isInitial: true),
        ], transitions: [
            .init(id: 1, from: 0, to: 0, start: CanvasPoint(x: 0, y: -20), end: CanvasPoint(x: 0, y: -40), symbols: [.text("\u{1}")]),
        ])
        #expect(throws: JFLAPFileError.self) { try JFLAPFile.contents(of: document, for: URL(fileURLWithPath: "x.jff")) }
    }
}
