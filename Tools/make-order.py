#!/usr/bin/env python3
"""Write Tools/arcade.order: the functions the arcade runs, for the linker to lay out together.

    make build && python3 Tools/make-order.py [BINARY]

The kernel maps a program's code 64 KB at a time around each page it touches, so code that
runs scattered across the binary keeps most of it resident. `make build` links with lld's
--symbol-ordering-file=Tools/arcade.order and every Swift function in a section of its own,
which places the functions listed here first, in this order: the ones started at the menu,
then the ones the games run. SQLite's and ncurses' functions are listed too, but their
archives have one section per source file, so the linker moves those a file at a time.

This script plays the release binary under valgrind's callgrind, in a tmux server of its own
at 100x30 with a data folder of its own, started as a player starts it (no --theme: the
first start asks the terminal for its background and keeps the answer, as a player's and
arcade-bench's do):
  1. a first start (the store is made) with a few moves on the menu, then q;
  2. a start with that store kept, the same moves, then q;
  3. a tour: every game played a little, the statistics, settings and help pages.
Every function callgrind saw run that the binary defines is listed, those of run 2 first.
The list follows the code as it is; a name the code no longer has is skipped by the linker,
so an old list only costs memory. Needs valgrind and tmux (both on the build machine).
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.path.join(ROOT, ".build", "release", "arcade")
OUTPUT = os.path.join(ROOT, "Tools", "arcade.order")
SOCKET = f"arcade-make-order-{os.getpid()}"  # a server of this run's own

MENU = ["Down", "Down", "Up", "Up", "q"]
# Run by every start before main, which the callgrind profiles do not list: the C start-up
# files' entry point and constructor runner (seen with perf record -e minor-faults: each was
# a page fault in code the menu never runs).
STARTUP = ["_start", "frame_dummy"]
LEAVE = ["q", "y", 2]  # leave a game (y answers "Leave this game?"; on the menu y does nothing)
TOUR = [
    # Set: move, select three, deal, hint, count, card style twice
    "1", 3, "Right", "Down", "Space", "Right", "Space", "Right", "Space", "d", "t", "s", "c", "c",
    "Left", "Up", *LEAVE,
    # Memory: start a level, turn cards
    "2", 3, "Enter", 2, "Right", "Space", "Down", "Space", "Left", "Space", *LEAVE,
    # Slots: spin both machines, reset
    "3", 3, "Space", 4, "Tab", "Space", 5, "r", 2, *LEAVE,
    # Temples: match, study (the slide), learn mode, back to matching
    "4", 4, "Enter", "Tab", "Enter", "s", 3, "Down", "m", 3, "l", 2, "1", 2, "Enter", 2, "m", 2, *LEAVE,
    # Blackjack: deal, hit, stand, deal, double, bets
    "5", 3, "Enter", 2, "h", "s", 3, "Enter", 2, "d", 3, "+", "-", *LEAVE,
    # statistics, settings, help, then quit
    "s", 2, "Down", "q", 2, "o", 2, "Down", "Space", "q", 2, "?", "x", "Escape", "y",
]


def tmux(*args):
    # -f /dev/null: none of the user's tmux settings (remain-on-exit would keep the session).
    return subprocess.run(["tmux", "-L", SOCKET, "-f", "/dev/null", *args], capture_output=True, text=True)


def played(binary, data, keys, out):
    """Runs `binary` under callgrind with `keys` sent in turn (a number waits that many seconds)."""
    environment = f"XDG_DATA_HOME={data} XDG_CONFIG_HOME={data} XDG_STATE_HOME={data} ARCADE_SOUND=off"
    command = (f"env {environment} valgrind --tool=callgrind --demangle=no --callgrind-out-file={out} "
               f"{binary} 2>/dev/null")
    if tmux("new-session", "-d", "-x", "100", "-y", "30", command).returncode != 0:
        sys.exit("make-order: tmux could not start a session")
    time.sleep(6)  # the first frame, under valgrind
    for number, key in enumerate(keys):
        if isinstance(key, int):
            time.sleep(key)
            continue
        if tmux("has-session").returncode != 0:
            tmux("kill-server")
            sys.exit(f"make-order: the arcade ended before key {number + 1} of {len(keys)} (a key list"
                     " out of step with the screens?); nothing written")
        tmux("send-keys", key)
        time.sleep(0.7)
    # Quitting ends valgrind, which writes its profile as it exits.
    deadline = time.time() + 60
    while tmux("has-session").returncode == 0 and time.time() < deadline:
        time.sleep(0.5)
    ended = tmux("has-session").returncode != 0
    tmux("kill-server")
    if not ended or not os.path.exists(out):
        sys.exit("make-order: the arcade did not quit at the end of its keys (a key list out of step"
                 " with the screens?); nothing written")


def functions(path):
    """The functions callgrind saw run, in the order its file first names them."""
    names, seen, order = {}, set(), []
    with open(path, errors="replace") as profile:
        for line in profile:
            match = re.match(r"^(c?fn)=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
            if not match:
                continue
            kind, number, name = match.groups()
            if name is not None:
                names[number] = name
            name = names.get(number)
            if kind == "fn" and name and name not in seen:
                seen.add(name)
                order.append(name)
    return order


def main():
    for tool in ("valgrind", "tmux", "nm", "strip"):
        if shutil.which(tool) is None:
            sys.exit(f"make-order: needs {tool}")
    source = sys.argv[1] if len(sys.argv) > 1 else BINARY
    if not os.access(source, os.X_OK):
        sys.exit(f"make-order: no {source}; run make build first")
    work = tempfile.mkdtemp(prefix="arcade-order-")
    try:
        # valgrind 3.19 cannot read the toolchain's DWARF 5: a copy without debug information.
        binary = os.path.join(work, "arcade")
        shutil.copy(source, binary)
        subprocess.run(["strip", "--strip-debug", binary], check=True)
        defined = set()
        for line in subprocess.run(["nm", binary], capture_output=True, text=True, check=True).stdout.splitlines():
            parts = line.split()
            if len(parts) == 3 and parts[1] in "tTwW":
                defined.add(parts[2])
        data = os.path.join(work, "data")
        os.mkdir(data)
        ran = {}  # played in this order (the first start makes the store the kept one finds)
        for name, keys in (("first", MENU), ("kept", MENU), ("tour", TOUR)):
            out = os.path.join(work, f"callgrind.{name}")
            played(binary, data, keys, out)
            ran[name] = [f for f in functions(out) if f in defined]
        ran["kept"] = [f for f in STARTUP if f in defined] + ran["kept"]
        runs = [(name, ran[name]) for name in ("kept", "first", "tour")]  # listed in this order
        listed, lines = set(), []
        for name, names in runs:
            fresh = [n for n in names if n not in listed]
            listed.update(fresh)
            lines.append(f"# {len(fresh)} functions from the {name} run")
            lines.extend(fresh)
        with open(OUTPUT, "w") as order:
            order.write("# Written by Tools/make-order.py: the functions the arcade runs, for lld's\n"
                        "# --symbol-ordering-file (Makefile). Regenerate after large changes.\n")
            order.write("\n".join(lines) + "\n")
        print(f"make-order: {len(listed)} functions written to {OUTPUT}: "
              + ", ".join(f"{name} {len(names)}" for name, names in runs))
    finally:
        tmux("kill-server")
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
