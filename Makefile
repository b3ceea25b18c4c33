# Install Arcade like a terminal game: `make install` (PREFIX=/usr/local by default;
# PREFIX=~/.local needs no root), `make uninstall` removes exactly what it installed.
#
#   make install BIN=.build/debug/arcade   installs an already-built binary (no build step)

PREFIX  ?= /usr/local
BINDIR   = $(PREFIX)/bin
DATADIR  = $(PREFIX)/share/arcade
MANDIR   = $(PREFIX)/share/man/man6
SWIFT   ?= swift
RELEASE  = .build/release/arcade
BIN     ?= $(RELEASE)

PICTURES = $(notdir $(wildcard Assets/Temples/*.png)) temples.json
SOUNDS   = $(notdir $(wildcard Assets/Sounds/*.wav))

.PHONY: all build install uninstall

all: build

# The release build: the one SwiftPM makes, with the Swift standard library linked in (the
# binary runs without the toolchain's libraries), and without SwiftPM's $ORIGIN run path (an
# installed binary must not look for libraries in the folder it sits in). Package.swift holds
# its hardening flags and links SQLite, ncurses and libpng as the system's shared libraries;
# Tools/check-release.sh checks the result. The product is named because the test-support
# target, which `swift build` would also build, needs the Testing module, which the static
# standard library does not have.
RELEASE_BUILD = $(SWIFT) build -c release --static-swift-stdlib --disable-local-rpath
build:
	$(RELEASE_BUILD) --product arcade

ifeq ($(BIN),$(RELEASE))
install: build
endif
install:
	install -d $(BINDIR) $(DATADIR)/Temples $(DATADIR)/Sounds $(MANDIR)
	install -m 755 $(BIN) $(BINDIR)/arcade
	install -m 644 $(addprefix Assets/Temples/,$(PICTURES)) $(DATADIR)/Temples/
	install -m 644 $(addprefix Assets/Sounds/,$(SOUNDS)) $(DATADIR)/Sounds/
	install -m 644 Assets/arcade.6 $(MANDIR)/arcade.6

uninstall:
	rm -f $(BINDIR)/arcade $(MANDIR)/arcade.6
	rm -f $(addprefix $(DATADIR)/Temples/,$(PICTURES)) $(addprefix $(DATADIR)/Sounds/,$(SOUNDS))
	-rmdir $(DATADIR)/Temples $(DATADIR)/Sounds $(DATADIR) 2>/dev/null
