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
        .executable(name: "dynamics-sandbox", targets: ["dynamics-sandbox"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // Rigid bodies, shapes, collision, solver. No Foundation, no SDL, no UIKit names.
        .target(
            name: "PhysicsCore",
            swiftSettings: strict + [.unsafeFlags(["-Ounchecked"], .when(configuration: .release))]
        ),
        // The UIKit-shaped API over PhysicsCore.
        .target(
            name: "Dynamics",
            dependencies: ["PhysicsCore", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strict
        ),
        // UI-prefixed names and a geometry-only UIView, so iOS code compiles with `import UIKitDynamics`.
        .target(name: "UIKitDynamics", dependencies: ["Dynamics"], swiftSettings: strict),
        .executableTarget(
            name: "dynamics-bench",
            dependencies: ["PhysicsCore", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: strict
        ),
        // Headless scene runner until the SDL sandbox exists.
        .executableTarget(
            name: "dynamics-sandbox",
            dependencies: ["Dynamics", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: strict
        ),
        .testTarget(name: "PhysicsCoreTests", dependencies: ["PhysicsCore"], swiftSettings: strict),
        .testTarget(name: "DynamicsTests", dependencies: ["Dynamics", "PhysicsCore"], swiftSettings: strict),
        .testTarget(name: "UIKitDynamicsTests", dependencies: ["UIKitDynamics"], swiftSettings: strict),
    ]
)
