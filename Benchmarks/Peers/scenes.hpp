// The benchmark scenes (README "Scenes" is their specification): geometry, frame counts, timing windows, and
// the accuracy measurements each scene reports.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine.hpp"
#include "json.hpp"

namespace peers {

/// A named range of frames [from, to] whose frame times are summarised.
struct Window {
    std::string name;
    int from, to;
};

struct Scene {
    std::string name;
    int frames = 0;  ///< 60 Hz frames to run
    SceneSpec spec;
    std::vector<Window> windows;  ///< besides "all", which every scene reports
    /// Called after every substep with the substep's number (0-based); may be empty.
    std::function<void(const Engine&, int)> afterSubstep;
    /// Writes the scene's measurements of the final state (or of what `afterSubstep` recorded).
    std::function<void(Json&, const Scene&, const Engine&, const EngineOptions&)> metrics;

    int dynamicCount() const;
};

/// The deterministic jitter source: a 64-bit LCG (Knuth's MMIX constants), advanced before each draw.
class Lcg {
public:
    explicit Lcg(uint64_t seed) : state_(seed) {}
    /// The high 32 bits of the advanced state over 2³², in [0, 1).
    double next() {
        state_ = state_ * 6364136223846793005ull + 1442695040888963407ull;
        return static_cast<double>(state_ >> 32) / 4294967296.0;
    }

private:
    uint64_t state_;
};

/// Deviations from the specification, for diagnosis (README "Variants"); the defaults are the specification.
struct Variant {
    double restingGap = 0;      ///< stack, pyramid: extra space opened at every box-box and box-floor contact (pt)
    bool segmentWalls = false;  ///< pour: walls as zero-thickness segments on the interior faces, as UIKit's edges
};

Scene makePour(int n, const Variant& variant);
Scene makeStack(const Variant& variant);
Scene makePyramid(const Variant& variant);
Scene makeBounce();
Scene makeTunnel();
Scene makeHeadOn();

/// Every scene name `makeScene` accepts (`n` is pour's N).
const std::vector<std::string>& sceneNames();
Scene makeScene(const std::string& name, int n, const Variant& variant);

}  // namespace peers
