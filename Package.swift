// swift-tools-version:6.1
import PackageDescription

let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "SwiftDynamics",
    products: [
        .library(name: "PhysicsCore", targets: ["PhysicsCore"]),
        .library(name: "Dynamics", targets: ["Dynamics"]),
        .library(name: "UIKitDynamics", targets: ["UIKitDynamics"]),
        .executable(name: "dynamics-bench", targets: ["dynamics-bench"]),
        .executable(name: "dynamics-sandbox", targets: ["dynamics-sandbox"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // `make docs`: the DocC catalogues (Sources/*/*.docc) built with `swift package generate-documentation`.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0")
    ],
    targets: [
        // Rigid bodies, shapes, collision, solver. No Foundation, no SDL, no UIKit names.
        // Built with the compiler's checks on (no unsafe flags), so other packages can depend on it by version.
        .target(name: "PhysicsCore", swiftSettings: strict),
        // The UIKit-shaped API over PhysicsCore. Imports are internal unless marked (`InternalImportsByDefault`), so
        // no PhysicsCore type leaks into the public API; Foundation/CoreGraphics are re-exported on purpose
        // (Geometry/Exports.swift) and Logging is public for `DynamicsDiagnostics.logger`.
        .target(
            name: "Dynamics",
            dependencies: ["PhysicsCore", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strict + [.enableUpcomingFeature("InternalImportsByDefault")]
        ),
        // UI-prefixed names and a geometry-only UIView, so iOS code compiles with `import UIKitDynamics`.
        .target(name: "UIKitDynamics", dependencies: ["Dynamics"], swiftSettings: strict),
        .executableTarget(
            name: "dynamics-bench",
            dependencies: ["PhysicsCore", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: strict
        ),
        // --- The sandbox (issue 4) ---
        // SDL2 headers and library (apt: libsdl2-dev, installed by `make deps`). Included as <SDL2/SDL.h> without
        // pkg-config: sdl2.pc's `-D_REENTRANT` makes SwiftPM warn on every build, and the build has zero warnings.
        .systemLibrary(name: "CSDL2", path: "Sources/CSDL2"),
        // zlib (apt: zlib1g-dev) for PNG files.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        // FreeType (apt: libfreetype-dev) for TrueType text; its headers live under include/freetype2, which
        // pkg-config names (freetype2.pc adds only -I paths, no defines: no warnings).
        .systemLibrary(
            name: "CFreeType", path: "Sources/CFreeType", pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]),
        // Pixels without SDL: an anti-aliased RGBA rasterizer, TrueType text (FreeType, with the bitmap font as
        // its fallback) and a PNG codec.
        .target(name: "SandboxRender", dependencies: ["CZlib", "CFreeType"], swiftSettings: strict),
        // The scene catalogue (seed demos and more), shared by the app, the tests and the bench. No SDL.
        .target(name: "SandboxScenes", dependencies: ["Dynamics"], swiftSettings: strict),
        // The app's model: input actions, tuning panel, overlays, clock policy, scene drawing. No SDL.
        .target(
            name: "SandboxKit", dependencies: ["Dynamics", "SandboxScenes", "SandboxRender"],
            swiftSettings: strict),
        // The only module that imports SDL: window, events, gamepads, frame pacing, presenting.
        .target(
            name: "SandboxSDL", dependencies: ["CSDL2", "SandboxKit", "SandboxRender"],
            swiftSettings: strict),
        // The sandbox app: command line and wiring only.
        .executableTarget(
            name: "dynamics-sandbox",
            dependencies: [
                "SandboxSDL", "SandboxKit", "SandboxScenes",
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ],
            swiftSettings: strict
        ),
        .testTarget(name: "PhysicsCoreTests", dependencies: ["PhysicsCore"], swiftSettings: strict),
        .testTarget(name: "DynamicsTests", dependencies: ["Dynamics", "PhysicsCore"], swiftSettings: strict),
        .testTarget(name: "UIKitDynamicsTests", dependencies: ["UIKitDynamics"], swiftSettings: strict),
        // iOS-style client programs (only `import UIKit` changed), compiled in both language modes: Shared/ holds
        // the shared programs, Swift5/ and Swift6/ link to them (Swift5/ adds a non-isolated NSObject program).
        .target(
            name: "ClientProgramsSwift5", dependencies: ["UIKitDynamics"], path: "Tests/ClientPrograms/Swift5",
            swiftSettings: [.swiftLanguageMode(.v5)]),
        .target(
            name: "ClientProgramsSwift6", dependencies: ["UIKitDynamics"], path: "Tests/ClientPrograms/Swift6",
            swiftSettings: strict),
        .testTarget(
            name: "ClientProgramTests", dependencies: ["ClientProgramsSwift5", "ClientProgramsSwift6"],
            swiftSettings: strict),
        .testTarget(
            name: "SandboxTests",
            // UIKitDynamics: "copy as Swift" output is type-checked against its module.
            dependencies: [
                "SandboxRender", "SandboxScenes", "SandboxKit", "SandboxSDL", "Dynamics", "CSDL2",
                "UIKitDynamics"
            ],
            exclude: ["Goldens"],
            swiftSettings: strict)
    ]
)
