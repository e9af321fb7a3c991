// Captures a scene once per frame: its views (or cells), the animator's debug drawing, the finger, and the
// values the plots chart.
package import Dynamics
package import Foundation

/// Builds a ``ScenarioRecording`` while a scenario plays.
@MainActor
package final class ScenarioRecorder {
    package private(set) var recording: ScenarioRecording
    /// Roles of particular views; any other view is drawn as a plain `view`.
    private var roles: [ObjectIdentifier: (role: String, shape: ShownBox.Shape, label: String?)] = [:]
    private var series: [String: [Double]] = [:]
    private var seriesOrder: [(plot: String, unit: String, series: String)] = []
    private var time = 0.0
    private var trackedPosition: (() -> CGPoint)?

    /// A recorder for a scenario captured every `frameInterval` seconds (default: every 60 Hz frame).
    package init(name: String, title: String, summary: String, canvas: CGRect, frameInterval: Double = frame) {
        recording = ScenarioRecording(name: name, title: title, summary: summary, canvas: canvas)
        recording.framesPerSecond = 1 / frameInterval
    }

    /// Draws `view` with `role` (a colour the page knows), as `shape`, with `label` in its middle.
    package func show(_ view: View, as role: String, shape: ShownBox.Shape = .rectangle, label: String? = nil) {
        roles[ObjectIdentifier(view)] = (role, shape, label)
    }

    /// Follows the point `position` gives (canvas coordinates) in every frame, and draws its path over the last
    /// `frames` frames.
    package func track(frames: Int, _ position: @escaping () -> CGPoint) {
        trackedPosition = position
        recording.trailLength = frames
    }

    /// Declares a plot line; values are given per frame with `capture(…, values:)`.
    package func chart(_ series: String, in plot: String, unit: String) {
        seriesOrder.append((plot, unit, series))
        self.series[series] = []
    }

    /// Records one frame: `boxes` and, in front of them, the views under `root` (when given), the animator's physics, the
    /// finger, a caption, and this frame's plot values (series left out get a gap).
    package func capture(
        root: View? = nil, boxes extra: [ShownBox] = [], animator: DynamicAnimator? = nil, finger: CGPoint? = nil,
        caption: String, values: [String: Double] = [:]
    ) {
        var boxes = extra  // behind the views
        if let root { collect(root.subviews, in: root, into: &boxes) }
        recording.frames.append(
            ScenarioFrame(
                time: time, boxes: boxes, physics: animator?.debugDrawing(), finger: finger, caption: caption,
                tracked: trackedPosition?()))
        for name in series.keys { series[name]!.append(values[name] ?? .nan) }
        time += recording.frameInterval
    }

    /// Marks the last frame captured as the one that shows the scenario best.
    package func markPoster() {
        recording.posterFrame = max(0, recording.frames.count - 1)
    }

    /// Adds `boxes` in front of everything in the last frame (a drag preview under the finger).
    package func appendToLastFrame(_ boxes: [ShownBox]) {
        guard !recording.frames.isEmpty else { return }
        recording.frames[recording.frames.count - 1].boxes += boxes
    }

    /// Views back to front, in `root`'s coordinates; hidden views (and their subviews) are left out.
    private func collect(_ views: [View], in root: View, into boxes: inout [ShownBox]) {
        for view in views where !view.isHidden {
            let style = roles[ObjectIdentifier(view)] ?? ("view", .rectangle, nil)
            let center = view.superview.map { $0.convert(view.center, to: root) } ?? view.center
            let t = view.transform
            boxes.append(
                ShownBox(
                    center: center, size: view.bounds.size, transform: [t.a, t.b, t.c, t.d].map(Double.init),
                    alpha: Double(view.alpha), shape: style.shape, role: style.role, label: style.label))
            collect(view.subviews, in: root, into: &boxes)
        }
    }

    /// The recording so far, with its plots, the frame the animator paused at and the key number.
    package func finish(pausedAtFrame: Int?, keyNumber: String) -> ScenarioRecording {
        var result = recording
        var plots: [Plot] = []
        for entry in seriesOrder {
            let line = Plot.Series(name: entry.series, values: series[entry.series] ?? [])
            if let k = plots.firstIndex(where: { $0.title == entry.plot }) { plots[k].series.append(line) } else {
                plots.append(Plot(title: entry.plot, unit: entry.unit, series: [line]))
            }
        }
        result.plots = plots
        result.pausedAtFrame = pausedAtFrame
        result.keyNumber = keyNumber
        return result
    }
}

extension ShownBox {
    /// A collection view cell's attributes as drawn.
    @MainActor
    package init(cell attributes: CollectionViewLayoutAttributes, role: String, label: String?) {
        let t = attributes.transform
        self.init(
            center: attributes.center, size: attributes.size, transform: [t.a, t.b, t.c, t.d].map(Double.init),
            alpha: Double(attributes.alpha), shape: .rectangle, role: role, label: label)
    }
}
