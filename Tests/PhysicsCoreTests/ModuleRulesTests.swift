import Foundation
import Testing

/// The layering of the package: arrows point down only. The compiler enforces that a target imports only what it
/// declares (`make test` builds with `--explicit-target-dependency-import-check error`); this test enforces which
/// declarations are allowed at all, reading every import line whatever its attributes or access level.
@Suite("Module rules")
struct ModuleRulesTests {
    /// Layer of each module of ours: a module may import only modules of a strictly lower layer.
    static let layers: [String: Int] = [
        "PhysicsCore": 0, "CZlib": 0, "CSDL2": 0, "CFreeType": 0,
        "Dynamics": 1, "SandboxRender": 1,
        "UIKitDynamics": 2, "SandboxScenes": 2,
        "SandboxKit": 3,
        "SandboxSDL": 4,
        "dynamics-sandbox": 5, "dynamics-bench": 5
    ]
    static let sourcesRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    /// The module named by an import line (`import X`, `internal import X`, `@_exported public import X`,
    /// `@preconcurrency import X`, `import struct X.Y`), or nil when the line is not an import.
    static func importedModule(_ line: Substring) -> String? {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard let at = words.firstIndex(of: "import") else { return nil }
        let before = words[..<at]
        let modifiers: Set<Substring> = ["public", "package", "internal", "fileprivate", "private", "open"]
        guard before.allSatisfy({ $0.hasPrefix("@") || modifiers.contains($0) }) else { return nil }
        var rest = words[(at + 1)...]
        let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "typealias", "func", "let", "var"]
        if let first = rest.first, kinds.contains(first) { rest = rest.dropFirst() }
        guard let path = rest.first else { return nil }
        return path.split(separator: ".").first.map(String.init)
    }

    /// Every (file, imported module) pair of a source folder.
    static func imports(in module: String) throws -> [(file: String, module: String)] {
        let root = sourcesRoot.appendingPathComponent(module)
        let files =
            FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") } ?? []
        var found: [(String, String)] = []
        for file in files.sorted() {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let t = line.drop(while: { $0 == " " || $0 == "\t" })
                if let m = importedModule(t) { found.append((file, m)) }
            }
        }
        return found
    }

    @Test("The import-line reader sees access levels and attributes")
    func readsEveryForm() {
        #expect(Self.importedModule("import Foundation") == "Foundation")
        #expect(Self.importedModule("internal import Foundation") == "Foundation")
        #expect(Self.importedModule("@_exported public import CoreGraphics") == "CoreGraphics")
        #expect(Self.importedModule("@preconcurrency import Dispatch") == "Dispatch")
        #expect(Self.importedModule("import struct Foundation.URL") == "Foundation")
        #expect(Self.importedModule("// import Foundation") == nil)
        #expect(Self.importedModule("let x = import") == nil)
    }

    /// The physics core imports no Foundation, no SDL and no module of ours: only the C library, and the
    /// standard library's `Synchronization` (atomics of the worker pool, Parallel/WorkerPool.swift).
    @Test("PhysicsCore imports only the C library and Synchronization")
    func coreImports() throws {
        let found = try Self.imports(in: "PhysicsCore")
        #expect(found.count >= 3)
        let allowed: Set<String> = ["Glibc", "Musl", "Darwin", "Synchronization"]
        for (file, module) in found {
            #expect(allowed.contains(module), "PhysicsCore/\(file) imports \(module)")
        }
    }

    /// Arrows point down: no module of ours imports one of its own layer or above, only SandboxSDL sees SDL and
    /// only SandboxRender sees FreeType (the rest of the app draws text through its `TextFace`).
    @Test("Every module of ours imports only lower layers; only SandboxSDL imports SDL, only SandboxRender FreeType")
    func arrowsPointDown() throws {
        for (module, layer) in Self.layers where !module.hasPrefix("C") {
            let dir = Self.sourcesRoot.appendingPathComponent(module)
            guard FileManager.default.fileExists(atPath: dir.path) else {
                Issue.record("Sources/\(module) is missing")
                continue
            }
            for (file, imported) in try Self.imports(in: module) {
                if imported == "CSDL2" || imported.hasPrefix("SDL") {
                    #expect(module == "SandboxSDL", "\(module)/\(file) imports \(imported)")
                }
                if imported == "CFreeType" {
                    #expect(module == "SandboxRender", "\(module)/\(file) imports \(imported)")
                }
                guard let importedLayer = Self.layers[imported] else { continue }
                #expect(importedLayer < layer, "\(module)/\(file) imports \(imported), which is not below it")
            }
        }
    }
}
