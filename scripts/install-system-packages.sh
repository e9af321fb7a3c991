#!/usr/bin/env bash
# Installs the Debian packages swift-dynamics links against (LAPACK and BLAS) when they are missing.
set -euo pipefail
if pkg-config --exists lapack blas 2>/dev/null || { [ -e /usr/lib/x86_64-linux-gnu/liblapack.so ] || [ -e /usr/lib/aarch64-linux-gnu/liblapack.so ]; } && { [ -e /usr/lib/x86_64-linux-gnu/libblas.so ] || [ -e /usr/lib/aarch64-linux-gnu/libblas.so ]; }; then
    exit 0
fi
if [ "$(uname)" != "Linux" ]; then
    exit 0  # Apple platforms use Accelerate.
fi
sudo_cmd=""
if [ "$(id -u)" != "0" ]; then sudo_cmd="sudo"; fi
echo "Installing libblas-dev and liblapack-dev…" >&2
$sudo_cmd apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq libblas-dev liblapack-dev pkg-config >&2
