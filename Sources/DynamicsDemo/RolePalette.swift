// Colours of the scenes' views by role, shared by the SVG frames and the page (which gets them as JSON).

/// Fill, stroke and label colour of each role a scenario gives its views.
enum RolePalette {
    struct Colors: Encodable {
        let fill: String
        let stroke: String
        let text: String
    }

    static let roles: [String: Colors] = [
        "view": Colors(fill: "#e8eaed", stroke: "#9aa0a6", text: "#3c4043"),
        "item": Colors(fill: "#d2e3fc", stroke: "#8ab4f8", text: "#1a3e7a"),
        "dragged": Colors(fill: "#fbbc04", stroke: "#b06000", text: "#3c2a00"),
        "ghost": Colors(fill: "none", stroke: "#9aa0a6", text: "#9aa0a6"),
        "ball": Colors(fill: "#fa7b17", stroke: "#c55a00", text: "#fff"),
        "bar": Colors(fill: "#dadce0", stroke: "#9aa0a6", text: "#5f6368"),
        "menu": Colors(fill: "#1e8e3e", stroke: "#0d652d", text: "#fff"),
        "dim": Colors(fill: "#202124", stroke: "none", text: "#fff"),
        "image": Colors(fill: "#f6aea9", stroke: "#c5221f", text: "#5b0f0d"),
        "anchor": Colors(fill: "#d93025", stroke: "#a50e0e", text: "#fff"),
        "touch": Colors(fill: "#1a73e8", stroke: "#174ea6", text: "#fff"),
        "square": Colors(fill: "#a142f4", stroke: "#681da8", text: "#fff"),
        "orbiter": Colors(fill: "#1a73e8", stroke: "#174ea6", text: "#fff"),
        "button": Colors(fill: "#1a73e8", stroke: "#174ea6", text: "#fff"),
        "tray": Colors(fill: "#e6f4ea", stroke: "#81c995", text: "#0d652d"),
        "locked": Colors(fill: "#fce8e6", stroke: "#ee675c", text: "#a50e0e"),
        "copy": Colors(fill: "#fdd663", stroke: "#b06000", text: "#3c2a00"),
        "preview": Colors(fill: "#f6aea9", stroke: "#1a73e8", text: "#174ea6"),
        "refused": Colors(fill: "#f6aea9", stroke: "#d93025", text: "#a50e0e"),
    ]

    static func colors(_ role: String) -> Colors { roles[role] ?? roles["view"]! }
}
