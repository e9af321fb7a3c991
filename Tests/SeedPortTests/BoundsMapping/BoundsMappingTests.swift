// The bounds-mapping button: an attachment of 2 Hz and damping 0.1 on the mapped size, kicked by a push at 45°,
// makes the button breathe at 2 Hz around its size, without moving.
import Dynamics
@testable import DynamicsScenarios
import Foundation
import Testing

@MainActor
@Suite("The breathing button (position mapped to bounds)")
struct BoundsMappingTests {
    @Test("The size oscillates at the spring's 2 Hz, grows by what the push gives, and settles back")
    func breathes() throws {
        let controller = BoundsMappingViewController()
        controller.viewDidLoad()
        controller.viewDidLayoutSubviews()
        let button = controller.button
        #expect(button.center == CGPoint(x: 187.5, y: 333.5) && button.bounds.size == CGSize(width: 300, height: 200))
        controller.didPressButton(sender: button)
        let animator = try #require(controller.animator)

        var widths: [Double] = [], heights: [Double] = []
        while animator.isRunning && widths.count < 60 * 30 {
            animator.step(frame)
            widths.append(Double(button.bounds.width) - 300)
            heights.append(Double(button.bounds.height) - 200)
        }

        // The damped oscillator of the spring (ω = 2π·2) with damping ratio 0.1 and the default resistance
        // 0.1/s: σ = 0.1·ω + 0.05, ω_d = √(ω² − σ²), f_d = 1.989 Hz.
        let omega = 4 * Double.pi, sigma = 0.1 * omega + 0.05
        let omegaD = (omega * omega - sigma * sigma).squareRoot()
        let crossings = upwardZeroCrossings([0] + widths, interval: frame).filter { $0 > frame / 2 }
        #expect(crossings.count >= 5)
        let period = (crossings[4] - crossings[0]) / 4
        #expect(isRelClose(period, 2 * Double.pi / omegaD, 2e-3), "period \(period) s vs \(2 * Double.pi / omegaD) s")
        #expect(abs(1 / period - 2) < 0.02, "about 2 Hz: \(1 / period) Hz")

        // Mass 6 kg (300 × 200), impulse 30 N·s at 45°: 353.6 pt/s on each axis; the first swing peaks at
        // (v/ω_d)·e^(−σt)·sin(ω_d·t) with t = atan(ω_d/σ)/ω_d.
        let speed = 30.0 / 6.0 * 100 / 2.0.squareRoot()
        let tPeak = atan(omegaD / sigma) / omegaD
        let peak = speed / omegaD * exp(-sigma * tPeak) * sin(omegaD * tPeak)
        #expect(abs(widths.max()! - peak) < 1.5, "first swing +\(widths.max()!) pt vs \(peak)")
        #expect(zip(widths, heights).allSatisfy { abs($0 - $1) < 1e-6 }, "width and height swing alike")

        #expect(!animator.isRunning, "came to rest")
        #expect(abs(widths.last!) < 1 && abs(heights.last!) < 1)
        #expect(button.center == CGPoint(x: 187.5, y: 333.5), "the button itself never moved")

        // A second press starts again from the original size.
        button.bounds.size = CGSize(width: 310, height: 190)
        controller.didPressButton(sender: button)
        #expect(button.bounds.size == CGSize(width: 300, height: 200))
        #expect(controller.animator !== animator)
    }
}
