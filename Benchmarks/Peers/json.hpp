// A minimal ordered JSON object writer: keys in insertion order, non-finite numbers as null.
#pragma once

#include <cmath>
#include <cstdio>
#include <string>

namespace peers {

class Json {
public:
    Json& number(const std::string& key, double value) {
        if (!std::isfinite(value)) return null(key);
        char text[32];
        std::snprintf(text, sizeof text, "%.6g", value);
        return raw(key, text);
    }
    Json& integer(const std::string& key, long long value) { return raw(key, std::to_string(value)); }
    Json& boolean(const std::string& key, bool value) { return raw(key, value ? "true" : "false"); }
    Json& null(const std::string& key) { return raw(key, "null"); }
    Json& string(const std::string& key, const std::string& value) { return raw(key, "\"" + value + "\""); }
    Json& object(const std::string& key, const Json& value) { return raw(key, value.text()); }
    std::string text() const { return "{" + body_ + "}"; }

private:
    Json& raw(const std::string& key, const std::string& value) {
        if (!body_.empty()) body_ += ",";
        body_ += "\"" + key + "\":" + value;
        return *this;
    }
    std::string body_;
};

}  // namespace peers
