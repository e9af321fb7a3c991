// swift-tools-version: 6.1
//
// swift-dynamics: UIKit Dynamics for every platform Swift runs on.
//
// System packages: on Linux the C core links LAPACK and BLAS. On Debian/Ubuntu install them with
//     apt-get install -y libblas-dev liblapack-dev
// (`make test` and `make demo` do this for you). On Apple platforms Accelerate provides both.
//
// No unsafe flags anywhere, so apps can depend on a tagged release. The project's own builds add strict C
// warnings from the Makefile (`-Xcc -Wall -Xcc -Wextra`).
import PackageDescription

/// Every Swift target: an import is internal unless marked `public import` (it is then part of the API).
let swiftSettings: [SwiftSetting] = [.enableUpcomingFeature("InternalImportsByDefault")]

let package = Package(
    name: "swift-dynamics",
    products: [
        .library(name: "Dynamics", targets: ["Dynamics"]),
        .executable(name: "dynamics-demo", targets: ["DynamicsDemo"]),
        .executable(name: "dynamics-bench", targets: ["DynamicsBench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        // LAPACK/BLAS as a system library: names the packages to install when pkg-config cannot find them.
        .systemLibrary(
            name: "CLAPACK",
            path: "CSolver/system/CLAPACK",
            pkgConfig: "lapack",
            providers: [.apt(["liblapack-dev", "libblas-dev"]), .yum(["lapack-devel", "blas-devel"])]
        ),
        // The C constraint solver: structure-of-arrays world, stepped in batches.
        .target(
            name: "CSolver",
            dependencies: ["CLAPACK"],
            path: "CSolver",
            exclude: ["system"],
            sources: ["src"],
            publicHeadersPath: "include",
            cSettings: [.define("_POSIX_C_SOURCE", to: "200809L")],
            linkerSettings: [
                .linkedLibrary("lapack", .when(platforms: [.linux, .android, .openbsd])),
                .linkedLibrary("blas", .when(platforms: [.linux, .android, .openbsd])),
                .linkedLibrary("m", .when(platforms: [.linux, .android, .openbsd])),
                .linkedFramework("Accelerate", .when(platforms: [.macOS, .iOS, .tvOS, .watchOS, .visionOS])),
            ]
        ),
        // The contract: PhysicsWorld (validates once) over the PhysicsBackend engines, and shared value types.
        .target(name: "SolverBackend", swiftSettings: swiftSettings),
        // The C core behind the contract: the only Swift module that sees C.
        .target(name: "AcceleratedSolver", dependencies: ["CSolver", "SolverBackend"], swiftSettings: swiftSettings),
        // The pure-Swift oracle: same algorithms, no C, no BLAS.
        .target(name: "ReferenceSolver", dependencies: ["SolverBackend"], swiftSettings: swiftSettings),
        // The UIKit-Dynamics-shaped façade.
        .target(
            name: "Dynamics", dependencies: ["SolverBackend", "AcceleratedSolver", "ReferenceSolver"],
            swiftSettings: swiftSettings),
        // The articles' scenes as code: view controllers, layouts and behaviors ported from them, each scene scripted
        // frame by frame and recorded (no product: the demo and the tests use it).
        .target(name: "DynamicsScenarios", dependencies: ["Dynamics"], swiftSettings: swiftSettings),
        .executableTarget(name: "DynamicsDemo", dependencies: ["Dynamics", "DynamicsScenarios"], swiftSettings: swiftSettings),
        // Thousands of attached cells: C core against the reference and against the physical limit.
        .executableTarget(
            name: "DynamicsBench",
            dependencies: [
                "Dynamics", "SolverBackend", "AcceleratedSolver", "ReferenceSolver",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Benchmarks/DynamicsBench",
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "CSolverTests", dependencies: ["CSolver"], swiftSettings: swiftSettings),
        .testTarget(
            name: "SolverParityTests",
            dependencies: ["Dynamics", "SolverBackend", "AcceleratedSolver", "ReferenceSolver"],
            swiftSettings: swiftSettings),
        .testTarget(name: "DynamicsTests", dependencies: ["Dynamics"], swiftSettings: swiftSettings),
        // The articles' dynamics, layout and drag-and-drop code, ported with only the `UI` prefixes dropped.
        // The ported code lives in DynamicsScenarios; these tests drive it, and play every scenario end to end.
        .testTarget(name: "SeedPortTests", dependencies: ["Dynamics", "DynamicsScenarios"], swiftSettings: swiftSettings),
    ],
    swiftLanguageModes: [.v6],
    cLanguageStandard: .c11
)
