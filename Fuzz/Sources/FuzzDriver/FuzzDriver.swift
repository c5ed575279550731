/// Starts libFuzzer from a fuzz target's entry point.
///
/// SwiftPM links every executable with its entry point renamed (`<Target>_main`, aliased to
/// `main`), so libFuzzer's own `main` is never used: each target defines `<Target>_main` and
/// hands over to `LLVMFuzzerRunDriver`, libFuzzer's documented way in from a custom `main`.
public typealias FuzzCallback = @convention(c) (UnsafePointer<UInt8>, Int) -> CInt

@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: FuzzCallback
) -> CInt

public func runFuzzer(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, _ callback: FuzzCallback
) -> CInt {
    var argc = argc, argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv, callback)
}
