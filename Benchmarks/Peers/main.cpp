// peers: the collision scenes in Box2D 2.4.1 and Chipmunk 7 with UIKit's settings, timed per 60 Hz frame.
// JSON Lines on standard output (one object per engine × configuration × scene; schema in peers.schema.json),
// progress on standard error. Usage: see `peers --help` and README.md.
#include <box2d/box2d.h>
#include <chipmunk/chipmunk.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <numeric>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

#include "engine.hpp"
#include "json.hpp"
#include "scenes.hpp"

namespace peers {
namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

/// One engine configuration: the "configuration" name of the output and the options it runs with.
struct Configuration {
    std::string engine, name;
    EngineOptions options;
};

struct Options {
    std::vector<std::string> engines = {"box2d", "chipmunk"};
    std::vector<std::string> scenes = sceneNames();
    std::vector<int> pourSizes = {1000, 10000, 100000};
    std::vector<bool> sleep = {true, false};
    std::vector<bool> bullets = {true, false};
    bool spatialHash = false;  // Chipmunk: the bounding-box tree measured faster on pour 10,000 (README)
    double budgetSeconds = 60;
    int maxFrames = 0;  // 0: each scene's own count
    Variant variant;    // the specification unless --resting-gap / --pour-walls say otherwise
};

/// Median (mean of the middle two for even counts) and mean of frames [from, to] of those that ran.
Json window(const std::vector<double>& frameMs, int from, int to) {
    Json out;
    out.integer("from", from).integer("to", to);
    const int last = std::min(to, static_cast<int>(frameMs.size()) - 1);
    std::vector<double> ms;
    if (from <= last) ms.assign(frameMs.begin() + from, frameMs.begin() + last + 1);
    out.integer("frames", static_cast<long long>(ms.size()));
    if (ms.empty()) return out.null("medianMs").null("meanMs");
    const double mean = std::accumulate(ms.begin(), ms.end(), 0.0) / static_cast<double>(ms.size());
    std::sort(ms.begin(), ms.end());
    const std::size_t mid = ms.size() / 2;
    const double median = ms.size() % 2 ? ms[mid] : (ms[mid - 1] + ms[mid]) / 2;
    return out.number("medianMs", median).number("meanMs", mean);
}

std::string engineVersion(const std::string& engine) {
    if (engine == "chipmunk") return cpVersionString;
    std::ostringstream v;
    v << b2_version.major << '.' << b2_version.minor << '.' << b2_version.revision;
    return v.str();
}

Json run(const Configuration& config, const std::string& sceneName, int n, const Options& options) {
    Scene scene = makeScene(sceneName, n, options.variant);
    const int frames = options.maxFrames > 0 ? std::min(options.maxFrames, scene.frames) : scene.frames;
    const Clock::time_point setupStart = Clock::now();
    std::unique_ptr<Engine> engine = config.engine == "box2d" ? makeBox2D(scene.spec, config.options)
                                                              : makeChipmunk(scene.spec, config.options);
    const double setupSeconds = secondsSince(setupStart);

    std::vector<double> frameMs;
    frameMs.reserve(static_cast<std::size_t>(frames));
    bool exhausted = false;
    int substep = 0;
    const Clock::time_point start = Clock::now();
    for (int frame = 0; frame < frames; ++frame) {
        double ms = 0;
        for (int s = 0; s < kSubstepsPerFrame; ++s, ++substep) {
            const Clock::time_point t0 = Clock::now();
            engine->substep(kSubstep);
            ms += std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
            if (scene.afterSubstep) scene.afterSubstep(*engine, substep);
        }
        frameMs.push_back(ms);
        if (options.budgetSeconds > 0 && frame + 1 < frames && secondsSince(start) > options.budgetSeconds) {
            exhausted = true;
            break;
        }
    }

    Json timing;
    timing.object("all", window(frameMs, 0, scene.frames - 1));
    for (const Window& w : scene.windows) timing.object(w.name, window(frameMs, w.from, w.to));
    Json metrics;
    scene.metrics(metrics, scene, *engine, config.options);

    Json out;
    out.integer("schema", 1)
        .string("engine", config.engine)
        .string("engineVersion", engineVersion(config.engine))
        .string("configuration", config.name);
    if (config.engine == "box2d") out.boolean("bullets", config.options.bullets);
    else out.null("bullets");
    out.boolean("sleep", config.options.sleep)
        .string("broadPhase", config.engine == "box2d" ? "dynamic-tree"
                              : config.options.spatialHash ? "spatial-hash" : "bb-tree")
        .string("scene", scene.name)
        .integer("n", scene.dynamicCount())
        .integer("framesPlanned", scene.frames)
        .integer("framesRun", static_cast<long long>(frameMs.size()))
        .number("budgetSeconds", options.budgetSeconds)
        .boolean("budgetExhausted", exhausted)
        .number("setupSeconds", setupSeconds)
        .object("timing", timing)
        .object("metrics", metrics);
    return out;
}

std::vector<std::string> split(const std::string& list) {
    std::vector<std::string> parts;
    std::stringstream stream(list);
    for (std::string part; std::getline(stream, part, ',');)
        if (!part.empty()) parts.push_back(part);
    return parts;
}

std::vector<bool> onOff(const std::string& list) {
    std::vector<bool> values;
    for (const std::string& v : split(list)) {
        if (v != "on" && v != "off") throw std::invalid_argument("expected on or off, got " + v);
        values.push_back(v == "on");
    }
    return values;
}

const char* kUsage =
    "usage: peers [--engines box2d,chipmunk] [--scenes pour,stack,pyramid,bounce,tunnel,head-on]\n"
    "             [--pour-n 1000,10000,100000] [--sleep on,off] [--bullets on,off] [--chipmunk-index hash|tree]\n"
    "             [--budget SECONDS] [--max-frames N] [--resting-gap PT] [--pour-walls boxes|segments]\n"
    "JSON Lines on stdout (schema: Benchmarks/Peers/peers.schema.json), progress on stderr.\n"
    "--bullets picks the Box2D configurations (on: \"uikit\", off: \"no-bullets\"). --budget (default 60, 0 = none)\n"
    "stops a run after the frame that crosses it; --max-frames shortens every scene (smoke tests); --resting-gap\n"
    "opens every contact of stack and pyramid by PT (default 0, the specification; 1.5 = Box2D's skin gap);\n"
    "--pour-walls segments builds pour's walls as zero-thickness edges (default boxes, the specification).\n";

Options parse(int argc, char** argv) {
    Options options;
    for (int i = 1; i < argc; ++i) {
        const std::string flag = argv[i];
        if (flag == "--help" || flag == "-h") {
            std::cout << kUsage;
            std::exit(0);
        }
        if (i + 1 >= argc) throw std::invalid_argument("missing value after " + flag);
        const std::string value = argv[++i];
        if (flag == "--engines") options.engines = split(value);
        else if (flag == "--scenes") options.scenes = split(value);
        else if (flag == "--pour-n") {
            options.pourSizes.clear();
            for (const std::string& n : split(value)) options.pourSizes.push_back(std::stoi(n));
        } else if (flag == "--sleep") options.sleep = onOff(value);
        else if (flag == "--bullets") options.bullets = onOff(value);
        else if (flag == "--chipmunk-index") {
            if (value != "hash" && value != "tree") throw std::invalid_argument("--chipmunk-index: hash or tree");
            options.spatialHash = value == "hash";
        } else if (flag == "--budget") options.budgetSeconds = std::stod(value);
        else if (flag == "--max-frames") options.maxFrames = std::stoi(value);
        else if (flag == "--resting-gap") options.variant.restingGap = std::stod(value);
        else if (flag == "--pour-walls") {
            if (value != "boxes" && value != "segments") throw std::invalid_argument("--pour-walls: boxes or segments");
            options.variant.segmentWalls = value == "segments";
        }
        else throw std::invalid_argument("unknown option " + flag);
    }
    for (const std::string& e : options.engines)
        if (e != "box2d" && e != "chipmunk") throw std::invalid_argument("unknown engine " + e);
    for (const std::string& s : options.scenes)
        if (std::find(sceneNames().begin(), sceneNames().end(), s) == sceneNames().end())
            throw std::invalid_argument("unknown scene " + s);
    return options;
}

std::vector<Configuration> configurations(const Options& options) {
    std::vector<Configuration> configs;
    for (const std::string& engine : options.engines) {
        const std::vector<bool> bullets = engine == "box2d" ? options.bullets : std::vector<bool>{false};
        for (bool bullet : bullets)
            for (bool sleep : options.sleep) {
                const std::string name = engine == "chipmunk" ? "chipmunk" : bullet ? "uikit" : "no-bullets";
                configs.push_back({engine, name, EngineOptions{bullet, sleep, options.spatialHash}});
            }
    }
    return configs;
}

/// Debian builds Chipmunk with debug mode on, and its first cpSpaceNew prints a banner on standard output: create
/// that first space while standard output points at standard error, so stdout stays pure JSON Lines.
void divertChipmunkBanner() {
    std::fflush(stdout);
    const int saved = dup(STDOUT_FILENO);
    if (saved < 0 || dup2(STDERR_FILENO, STDOUT_FILENO) < 0) return;
    cpSpaceFree(cpSpaceNew());
    std::fflush(stdout);
    dup2(saved, STDOUT_FILENO);
    close(saved);
}

}  // namespace
}  // namespace peers

int main(int argc, char** argv) {
    using namespace peers;
    Options options;
    try {
        options = parse(argc, argv);
    } catch (const std::exception& error) {
        std::cerr << "peers: " << error.what() << "\n" << kUsage;
        return 2;
    }
    divertChipmunkBanner();
    const std::vector<Configuration> configs = configurations(options);
    for (const std::string& scene : options.scenes) {
        const std::vector<int> sizes = scene == "pour" ? options.pourSizes : std::vector<int>{0};
        for (int n : sizes)
            for (const Configuration& config : configs) {
                std::cerr << config.engine << " " << config.name << " sleep " << (config.options.sleep ? "on" : "off")
                          << " " << scene << (scene == "pour" ? " " + std::to_string(n) : std::string()) << " … "
                          << std::flush;
                const Clock::time_point start = Clock::now();
                const Json result = run(config, scene, n, options);
                std::cout << result.text() << "\n" << std::flush;
                std::fprintf(stderr, "%.1f s\n", secondsSince(start));
            }
    }
    return 0;
}
