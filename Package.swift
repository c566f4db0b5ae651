// swift-tools-version: 6.2
//
// ActorNodes: Texture's (AsyncDisplayKit's) node threading contract, ported to Swift concurrency.
// Proposal 0001 explains the language mode and every upcoming feature enabled here.

import PackageDescription

let swiftSettings: [SwiftSetting] = [
  // Off-actor work must say `@concurrent`: every hop away from the caller's actor is explicit.
  .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
  .enableUpcomingFeature("InferIsolatedConformances"),
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("MemberImportVisibility"),
  .enableUpcomingFeature("InternalImportsByDefault"),
  .treatAllWarnings(as: .error),
]

let package = Package(
  name: "ActorNodes",
  // Only read on Apple platforms: `Atomic` and `Mutex` (Synchronization) need these OS versions.
  // Linux needs nothing beyond the toolchain.
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "ActorNodes", targets: ["ActorNodes"]),
    .executable(name: "ActorNodesBench", targets: ["ActorNodesBench"]),
  ],
  targets: [
    .target(
      name: "ActorNodes",
      swiftSettings: swiftSettings
    ),
    .executableTarget(
      name: "ActorNodesBench",
      dependencies: ["ActorNodes"],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "ActorNodesTests",
      dependencies: ["ActorNodes"],
      exclude: ["ContractDiagnostics/Snippets", "TexturePorts.md", "Display/References"],
      swiftSettings: swiftSettings
    ),
  ],
  swiftLanguageModes: [.v6]
)
