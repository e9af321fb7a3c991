// swift-tools-version: 6.1
//
// swift-dynamics: UIKit Dynamics for every platform Swift runs on.
//
// System packages: on Linux the C core links LAPACK and BLAS. On Debian/Ubuntu install them with
//     apt-get install -y libblas-dev liblapack-dev
// (`make test` and `make demo` do this for you). On Apple platforms Accelerate provides both.
import PackageDescription

/// C flags for the solver core: strict warnings; denormals are handled at run time (see sd_fp.h).
let cSolverFlags: [CSetting] = [
    .unsafeFlags(["-Wall", "-Wextra", "-std=c11"]),
    .define("_POSIX_C_SOURCE", to: "200809L"),
]

let package = Package(
    name: "swift-dynamics",
    products: [
        .library(name: "Dynamics", targets: ["Dynamics"]),
        .executable(name: "dynamics-demo", targets: ["DynamicsDemo"]),
        .executable(name: "dynamics-bench", targets: ["DynamicsBench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
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
            cSettings: cSolverFlags,
            linkerSettings: [
                .linkedLibrary("lapack", .when(platforms: [.linux, .android, .openbsd])),
                .linkedLibrary("blas", .when(platforms: [.linux, .android, .openbsd])),
                .linkedLibrary("m", .when(platforms: [.linux, .android, .openbsd])),
                .linkedFramework("Accelerate", .when(platforms: [.macOS, .iOS, .tvOS, .watchOS, .visionOS])),
            ]
        ),
        // The contract both solvers implement, and the shared value types.
        .target(name: "SolverBackend"),
        // The pure-Swift oracle: same algorithms, no C, no BLAS.
        .target(name: "ReferenceSolver", dependencies: ["SolverBackend"]),
        // The UIKit-Dynamics-shaped façade.
        .target(name: "Dynamics", dependencies: ["CSolver", "SolverBackend", "ReferenceSolver"]),
        .executableTarget(name: "DynamicsDemo", dependencies: ["Dynamics"]),
        // Thousands of attached cells: C core against the reference and against the physical limit.
        .executableTarget(
            name: "DynamicsBench",
            dependencies: [
                "Dynamics", "SolverBackend", "ReferenceSolver",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Benchmarks/DynamicsBench"
        ),
        .testTarget(name: "CSolverTests", dependencies: ["CSolver"]),
        .testTarget(name: "SolverParityTests", dependencies: ["Dynamics", "SolverBackend", "ReferenceSolver"]),
        .testTarget(name: "DynamicsTests", dependencies: ["Dynamics"]),
    ],
    swiftLanguageModes: [.v6]
)
