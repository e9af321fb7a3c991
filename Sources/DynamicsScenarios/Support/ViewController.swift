// What the articles' code gets from UIKit's view controllers: a root view on a 375 × 667 screen and the
// lifecycle methods, which the scenarios call.
import Dynamics
import Foundation

/// `UIViewController`'s stand-in: a root view filling the screen, and the lifecycle methods.
@MainActor
class ViewController {
    let view = View(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
    /// The tab bar controller the tutorial's screens live in: its bar is the bottom 49 pt of the screen.
    let tabBarController = TabBarController(screen: CGRect(x: 0, y: 0, width: 375, height: 667))

    func viewDidLoad() {}
    func viewDidLayoutSubviews() {}
    func viewDidAppear(_ animated: Bool) {}
}

/// A tab bar controller stand-in: only its bar's frame, which the tutorial's collisions stop at.
@MainActor
final class TabBarController {
    let tabBar: View

    init(screen: CGRect) {
        tabBar = View(frame: CGRect(x: screen.minX, y: screen.maxY - 49, width: screen.width, height: 49))
    }
}
