import Foundation
import Testing

@Suite("Module rules")
struct ModuleRulesTests {
    /// The physics core imports no Foundation, no SDL and no module of ours.
    @Test("PhysicsCore imports only the C library")
    func coreImports() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/PhysicsCore")
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") } ?? []
        #expect(files.count > 10)
        let allowed: Set<String> = ["Glibc", "Musl", "Darwin"]
        for file in files {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let t = line.trimmingCharacters(in: .whitespaces)
                guard t.hasPrefix("import ") || t.contains(" import ") && t.hasPrefix("@") else { continue }
                let module = t.split(separator: " ").last.map(String.init) ?? ""
                #expect(allowed.contains(module), "\(file) imports \(module)")
            }
        }
    }
}
