// The demo's command line: which scenario, which frame, where to write.
import Foundation

/// What the command line asks for.
struct DemoOptions {
    var scenario: String?
    var frames: Int?
    var svgPath: String?
    var outputPath = ".build/demo/index.html"
    var list = false

    static let usage = """
        usage: dynamics-demo [--output PATH] [--scenario NAME]
               dynamics-demo --scenario NAME [--frames N] --svg PATH
               dynamics-demo --list
               dynamics-demo free-fall [--real-time] [--uikit] [--solver reference]
        """

    /// Reads `arguments`; stops with the usage on anything unknown or malformed.
    static func parse(_ arguments: [String]) -> DemoOptions {
        var options = DemoOptions()
        var rest = arguments[...]
        func value(_ flag: String) -> String {
            guard let value = rest.popFirst() else { fail("\(flag) needs a value\n\(usage)") }
            return value
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--scenario": options.scenario = value(argument)
            case "--frames":
                let text = value(argument)
                guard let count = Int(text), count >= 1 else { fail("--frames must be a whole number ≥ 1 (got \(text))") }
                options.frames = count
            case "--svg": options.svgPath = value(argument)
            case "--output": options.outputPath = value(argument)
            case "--list": options.list = true
            case "--help", "-h":
                print(usage)
                exit(0)
            default: fail("unknown argument \(argument)\n\(usage)")
            }
        }
        return options
    }
}
