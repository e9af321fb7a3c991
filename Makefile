# Set-up and everyday commands. `make demo` and `make test` install the Debian packages first if missing.
SWIFT ?= swift

.PHONY: deps demo test bench build-release sanitize

deps:
	@bash scripts/install-system-packages.sh

demo: deps
	$(SWIFT) run dynamics-demo

test: deps
	$(SWIFT) build --build-tests -Xswiftc -warnings-as-errors
	$(SWIFT) test --skip-build

build-release: deps
	$(SWIFT) build -c release -Xswiftc -warnings-as-errors

sanitize: deps
	$(SWIFT) test --sanitize=address --sanitize=undefined --scratch-path .build-sanitize
