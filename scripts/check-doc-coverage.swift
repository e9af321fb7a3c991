// Fails when a public symbol has no documentation, from DocC's coverage report.
//
//   swift scripts/check-doc-coverage.swift OUTPUTS_DIR TARGET...
//
// Reads OUTPUTS_DIR/TARGET.doccarchive/documentation-coverage.json (written by `docc convert
// --experimental-documentation-coverage`, through the swift-docc-plugin) for each TARGET. Every entry that is a
// symbol and has no abstract counts as undocumented. DocC computes "has an abstract" after merging the source
// doc comment, documentation-extension files from the target's catalog and documentation inherited within the
// module, so whichever way a symbol is documented, it counts. Synthesized symbols (`!=`, `hashValue`) are left
// out by the plugin's `--experimental-skip-synthesized-symbols`.
//
// Exit status 1 lists every undocumented symbol; 0 prints one line per target.
import Foundation

/// Symbols allowed to lack documentation, by exact reference path, with the reason. None: every module has a
/// catalog, and the compiler-written initializers are documented there.
let allowed: [String: String] = [:]

struct Entry: Decodable {
    struct Kind: Decodable {
        let name: String
        let isSymbol: Bool
    }
    let kind: Kind
    let hasAbstract: Bool
    let isCurated: Bool
    let referencePath: String
}

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count >= 2, let outputs = arguments.first else {
    FileHandle.standardError.write(Data("usage: check-doc-coverage.swift OUTPUTS_DIR TARGET...\n".utf8))
    exit(2)
}

var failed = false
for target in arguments.dropFirst() {
    let path = "\(outputs)/\(target).doccarchive/documentation-coverage.json"
    guard let data = FileManager.default.contents(atPath: path),
        let entries = try? JSONDecoder().decode([Entry].self, from: data)
    else {
        print("check-doc-coverage: no coverage report for \(target) at \(path)")
        failed = true
        continue
    }
    let symbols = entries.filter(\.kind.isSymbol)
    let undocumented = symbols.filter { !$0.hasAbstract }
    let unexpected = undocumented.filter { allowed[$0.referencePath] == nil }
    let documented = symbols.count - undocumented.count
    let exempt = undocumented.count - unexpected.count
    let prefix = "doc://\(target)/documentation/"
    if unexpected.isEmpty {
        print("check-doc-coverage: \(target): \(documented)/\(symbols.count) symbols documented"
            + (exempt > 0 ? " (known gaps: \(exempt), listed in scripts/check-doc-coverage.swift)" : ""))
    } else {
        failed = true
        print("check-doc-coverage: \(target): \(unexpected.count) public symbols have no documentation:")
        for entry in unexpected.sorted(by: { $0.referencePath < $1.referencePath }) {
            print("  \(entry.kind.name): \(entry.referencePath.replacingOccurrences(of: prefix, with: ""))")
        }
    }
    // Top-level symbols the landing page's Topics do not place (DocC files them under default groups): a note,
    // so a new type is not forgotten, but not a failure.
    let uncurated = symbols.filter { entry in
        !entry.isCurated && entry.kind.name != "Module"
            && entry.referencePath.replacingOccurrences(of: prefix, with: "").split(separator: "/").count == 2
    }
    if target == "Dynamics", !uncurated.isEmpty {
        print("check-doc-coverage: note: not in the Topics of Dynamics.md: "
            + uncurated.map { $0.referencePath.replacingOccurrences(of: prefix, with: "") }.sorted().joined(separator: ", "))
    }
}
exit(failed ? 1 : 0)
