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

.PHONY: all build floor release-flags static-libs archives install uninstall

all: build

# The release build users install (README, "Performance"), each flag measured:
# - the Swift standard library linked in: start-up is faster, and the binary keeps working
#   without the toolchain's libraries;
# - concrete generic types (a dictionary of strings, a game's table) built by their metadata
#   accessors rather than looked up by mangled name: each first lookup scanned the binary's
#   3,000 conformance records: 0.7 M of the 7.2 M instructions to the menu (2026-12-03);
# - no $ORIGIN run path: the loader does not look for every shared library next to the
#   binary first;
# - not position-independent (-no-pie): 40,000 pointers need no relocating at start, so a
#   third fewer page faults and 1 MB less resident. The binary's own code, SQLite's and
#   ncurses' with it, is then not placed at random (libc, libpng, the stack and the heap
#   still are);
# - the code the arcade runs laid out together (lld, each Swift function in a section of its
#   own, in the order of Tools/arcade.order, which Tools/make-order.py writes): the kernel maps
#   code in 64 KB pieces around each page touched, so scattered hot code kept 4.9 MB of the
#   binary's code resident at the menu, and grouped it kept 2.1 MB (2026-12-01; README,
#   "Performance", has today's figure). A name the file lists that the
#   code no longer has is skipped: a stale file costs memory, never correctness;
# - the code with no name to order (the PLT, .init, the compiler's unnamed helpers) placed
#   before the rest by Tools/arcade.ld: lld had put it among code the menu never runs, and
#   each piece touched kept 64 KB resident (0.3 MB at the menu, with the order file made
#   again as players start the arcade);
# - SQLite's full-text search, R*Tree, dbstat and sqlite_stmt modules left out (Package.swift,
#   Sources/CSQLiteModules): the store uses none of them, and starting them in every
#   connection kept their code resident (0.2 MB);
# - libstdc++ (which the Swift runtime needs) linked in from its archive, found first in
#   $(STATIC_LIBS): its symbol tables and relocations are not loaded (1 MB resident). The
#   archive is the one the toolchain's clang links with (clang -print-file-name);
# - libgcc's unwinder linked in too (-static-libgcc: libgcc_eh.a, which libstdc++ and the
#   Swift runtime use for _Unwind_*): one shared library fewer to map and relocate, 33 K of
#   the 3.95 M instructions to the menu (2026-12-03); a crash (SIGSEGV) still gives the
#   terminal back and exits 139;
# - SQLite and ncurses linked in from the archives of their -dev packages, when all three are
#   there (Package.swift, ARCADE_STATIC_LIBS): the loader maps and relocates none of them. They
#   then share the binary's fixed addresses (-no-pie, above); libpng, which reads players'
#   PNG files, stays shared and placed at random. An archive replaced since the last build (a
#   security update) relinks the arcade: the archives' inodes and change times are kept in
#   $(ARCHIVES_STAMP);
# - no symbol table for the loader (--no-export-dynamic; Swift's static linking exports
#   every symbol of the arcade's own code): 350 KB of names the loader searched on every
#   lookup.
ORDER       = $(CURDIR)/Tools/arcade.order
LAYOUT      = $(CURDIR)/Tools/arcade.ld
STATIC_LIBS = $(CURDIR)/.build/static-libs
SWIFTC     ?= swiftc
CLANG      ?= clang
LIBSTDCXX  := $(shell $(CLANG) -print-file-name=libstdc++.a 2>/dev/null)
C_ARCHIVES  = sqlite3 ncursesw tinfo
C_FOUND    := $(foreach a,$(C_ARCHIVES),$(wildcard $(filter /%,$(shell $(CLANG) -print-file-name=lib$(a).a 2>/dev/null))))
ifeq ($(words $(C_FOUND)),$(words $(C_ARCHIVES)))
LINK_C      = ARCADE_STATIC_LIBS=$(STATIC_LIBS)
endif
RELEASE_FLAGS = -c release --static-swift-stdlib --disable-local-rpath \
                -Xswiftc -Xclang-linker -Xswiftc -no-pie -Xswiftc -Xclang-linker -Xswiftc -static-libgcc \
                -Xswiftc -use-ld=lld -Xswiftc -Xfrontend -Xswiftc -function-sections \
                -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
                -Xlinker --symbol-ordering-file=$(ORDER) -Xlinker --no-warn-symbol-ordering \
                -Xlinker -T -Xlinker $(LAYOUT) \
                -Xswiftc -L$(STATIC_LIBS) -Xlinker --no-export-dynamic

build: static-libs release-flags archives
	@# SwiftPM does not know the order file or the layout: a newer one is linked by removing
	@# the binary.
	@[ ! $(ORDER) -nt $(RELEASE) ] || rm -f $(RELEASE)
	@[ ! $(LAYOUT) -nt $(RELEASE) ] || rm -f $(RELEASE)
	$(LINK_C) $(SWIFT) build $(RELEASE_FLAGS) --product arcade

# A change of these flags (or of LINK_C) starts the release build afresh. Once, on
# 2026-12-01, SwiftPM kept objects built without -function-sections after the flag was added,
# so the ordering did little; on 2026-12-02 it compiled them again when the flags changed.
# Starting afresh costs one build and rules the first case out.
FLAGS_STAMP = .build/release-flags.txt
release-flags:
	@mkdir -p .build
	@if [ "$$(cat $(FLAGS_STAMP) 2>/dev/null)" != '$(LINK_C) $(RELEASE_FLAGS)' ]; then \
		bin=$$($(SWIFT) build -c release --show-bin-path | tail -n 1); \
		case "$$bin" in */.build/*/release) ;; \
			*) echo "release-flags: no release folder from swift build --show-bin-path: '$$bin'" >&2; exit 1 ;; esac; \
		echo "release flags changed: building the release afresh ($$bin)"; \
		rm -rf "$$bin" && echo '$(LINK_C) $(RELEASE_FLAGS)' > $(FLAGS_STAMP); \
	fi

# SwiftPM does not see the archives as inputs of the link: one replaced since (its inode or
# change time differs, as after apt installs a new one) is linked by removing the binaries.
ARCHIVES_STAMP = .build/release-archives.txt
archives:
	@mkdir -p .build
	@now="$$(stat -L -c '%n %i %Z' $(C_FOUND) $(filter /%,$(LIBSTDCXX)) 2>/dev/null)"; \
	if [ "$$now" != "$$(cat $(ARCHIVES_STAMP) 2>/dev/null)" ]; then \
		rm -f $(RELEASE) .build/release/arcade-floor .build/release/arcade-floor-store .build/release/arcade-bench \
			&& echo "$$now" > $(ARCHIVES_STAMP); \
	fi

# Holds the archives the release links: libstdc++'s, so that -lstdc++ finds it before the
# shared library (without it libstdc++ is linked as a shared library), and the C libraries'
# when all of them are there (LINK_C). Made again on every build, so that an archive installed
# or removed since is seen.
static-libs:
	@mkdir -p $(STATIC_LIBS)
	@rm -f $(STATIC_LIBS)/*.a
	@case "$(LIBSTDCXX)" in /*) if [ -f "$(LIBSTDCXX)" ]; then ln -s "$(LIBSTDCXX)" $(STATIC_LIBS)/libstdc++.a; fi ;; esac
	@$(if $(LINK_C),for a in $(C_FOUND); do ln -s "$$a" $(STATIC_LIBS)/; done)

# What arcade-bench --compare measures the arcade against (README, "Performance"): the
# smallest Swift ncurses program of its kind, built the same way (and again with SQLite, reading
# a store's schema before its first frame: arcade-floor-store), and the plain statically
# linked Swift hello the issue's memory goal is a multiple of; and the bench itself, with the
# same flags, since building it with others compiles the modules it shares with the arcade
# again without them (and make build then compiles them back).
floor: static-libs release-flags archives
	@# Linked with the same order file and layout as the arcade, and again when they change.
	@for f in .build/release/arcade-floor .build/release/arcade-floor-store .build/release/arcade-bench; do \
		if [ $(ORDER) -nt $$f ] || [ $(LAYOUT) -nt $$f ]; then rm -f $$f; fi; done
	$(LINK_C) $(SWIFT) build $(RELEASE_FLAGS) --product arcade-floor
	$(LINK_C) $(SWIFT) build $(RELEASE_FLAGS) --product arcade-floor-store
	$(LINK_C) $(SWIFT) build $(RELEASE_FLAGS) --product arcade-bench
	$(SWIFTC) -O -static-stdlib Tools/Hello/main.swift -o .build/arcade-hello

ifeq ($(BIN),$(RELEASE))
install: build
endif
install:
	install -d $(BINDIR) $(DATADIR)/Temples $(DATADIR)/Sounds $(MANDIR)
	install -m 755 $(BIN) $(BINDIR)/arcade
	@# Out of the page cache, so the first start reads it from disk: ext4 keeps a file just
	@# written by install in large folios, mapped whole, which kept 0.47 MB more resident at
	@# every start until the pages left the cache (coreutils' documented way to drop a file).
	-dd if=/dev/null of=$(BINDIR)/arcade oflag=nocache conv=notrunc,fdatasync count=0 2>/dev/null
	install -m 644 $(addprefix Assets/Temples/,$(PICTURES)) $(DATADIR)/Temples/
	install -m 644 $(addprefix Assets/Sounds/,$(SOUNDS)) $(DATADIR)/Sounds/
	install -m 644 Assets/arcade.6 $(MANDIR)/arcade.6

uninstall:
	rm -f $(BINDIR)/arcade $(MANDIR)/arcade.6
	rm -f $(addprefix $(DATADIR)/Temples/,$(PICTURES)) $(addprefix $(DATADIR)/Sounds/,$(SOUNDS))
	-rmdir $(DATADIR)/Temples $(DATADIR)/Sounds $(DATADIR) 2>/dev/null
