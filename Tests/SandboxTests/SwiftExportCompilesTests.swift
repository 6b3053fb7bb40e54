import Foundation
import SandboxKit
import SandboxScenes
import Testing

/// "Copy as Swift" must paste into an app and compile: every scene's export, with the panel's edits, is wrapped in
/// a function without parameters (the snippet must declare everything it uses) and type-checked by
/// `swiftc` against this package's `UIKitDynamics` module, the same `UI` names an iOS app compiles against.
@MainActor
@Suite("Copy as Swift compiles against UIKitDynamics")
struct SwiftExportCompilesTests {
    /// The build's module folder (`<build>/release/Modules`, beside the test runner) and the `swiftc` beside the
    /// `swift` on PATH; nil with the reason when either is missing.
    static func toolchain() -> (modules: URL, swiftc: String)? {
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var dir = runner.deletingLastPathComponent()
        for _ in 0..<4 {
            let modules = dir.appendingPathComponent("Modules")
            if FileManager.default.fileExists(atPath: modules.appendingPathComponent("UIKitDynamics.swiftmodule").path)
            {
                let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
                let swiftc =
                    path.split(separator: ":").map { "\($0)/swiftc" }
                    .first { FileManager.default.isExecutableFile(atPath: $0) } ?? "/opt/swift/usr/bin/swiftc"
                return FileManager.default.isExecutableFile(atPath: swiftc) ? (modules, swiftc) : nil
            }
            dir = dir.deletingLastPathComponent()
        }
        return nil
    }

    @Test("every scene's export, one function each, type-checks with swiftc -typecheck (Swift 6 mode)")
    func exportsTypeCheck() throws {
        let tools = try #require(
            Self.toolchain(), "no UIKitDynamics.swiftmodule near \(CommandLine.arguments[0]) or no swiftc on PATH")
        var file = ["import UIKitDynamics", ""]
        for (k, scene) in SceneCatalog.all.enumerated() {
            var c = SandboxApp.Configuration()
            c.scene = scene.name
            let app = SandboxApp(configuration: c)
            for _ in 0..<3 { app.frame(dt: 1.0 / 60) }
            // Touch every panel row once so the export carries edited values too.
            for row in app.panelRows() { row.nudge(1) }
            file.append("// \(scene.name)")
            // No parameters: the snippet declares everything it uses (views, animator, touch…).
            file.append("@MainActor func scene\(k)() {")
            file += app.swiftCode().split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
            file.append("}")
            file.append("")
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("swift-export-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = dir.appendingPathComponent("Tuned.swift")
        try file.joined(separator: "\n").write(to: source, atomically: true, encoding: .utf8)

        let p = Process()
        p.executableURL = URL(fileURLWithPath: tools.swiftc)
        p.arguments = ["-typecheck", "-swift-version", "6", "-I", tools.modules.path, source.path]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "swiftc -typecheck failed:\n\(text.prefix(4000))")
        #expect(!text.contains("warning:"), "swiftc warned:\n\(text.prefix(4000))")
    }
}
