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

.PHONY: all build floor install uninstall

all: build

# The release build users install (README, "Performance"), each flag measured:
# - the Swift standard library linked in: start-up is faster, and the binary keeps working
#   without the toolchain's libraries;
# - no $ORIGIN run path: the loader does not look for every shared library next to the
#   binary first;
# - not position-independent (-no-pie): 40,000 pointers need no relocating at start, so a
#   third fewer page faults and 1 MB less resident. The binary's own code is then not
#   placed at random (its libraries, stack and heap still are).
RELEASE_FLAGS = -c release --static-swift-stdlib --disable-local-rpath \
                -Xswiftc -Xclang-linker -Xswiftc -no-pie

build:
	$(SWIFT) build $(RELEASE_FLAGS) --product arcade

# What arcade-bench --compare measures the arcade against (README, "Performance"): the
# smallest Swift ncurses program of its kind, built the same way.
floor:
	$(SWIFT) build $(RELEASE_FLAGS) --product arcade-floor

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
