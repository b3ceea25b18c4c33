#!/usr/bin/env bash
# Checks the release binary players run (`make build`: `swift build -c release
# --static-swift-stdlib --disable-local-rpath --product arcade`) for
# what a distribution requires of it, and that it starts: CI runs this (.ci/run), so that
# none of it is lost without a failure.
#
#   Tools/check-release.sh [BINARY]   check BINARY (default .build/release/arcade)
#   Tools/check-release.sh --self-test
#                                     check the checks: canned readelf output of a hardened
#                                     binary must pass, and each property taken out of it in
#                                     turn must fail
#
# What is checked, from `readelf -h -l -d -W` and the dynamic symbols:
# - position-independent (ELF type DYN), so that the loader places it at random;
# - BIND_NOW and a GNU_RELRO segment (full RELRO: the GOT is read-only once started);
# - a GNU_STACK segment that is not executable;
# - no text relocations, and no RPATH or RUNPATH (the loader looks only where the system says);
# - SQLite, ncursesw and libpng needed as the system's shared libraries (a security update of
#   any of them reaches the arcade), and the Swift runtime linked in (no libswiftCore.so: the
#   binary runs without the toolchain);
# - the C code built with _FORTIFY_SOURCE (glibc's checked functions, __*_chk, are called)
#   and the stack protector (arcade_start, which has an array on its stack, checks the
#   canary at %fs:0x28: objdump).
# Then the binary is started in a pseudo-terminal (100×30, a data folder of its own, sound
# off): its menu must appear within 10 s, and q (y when asked) must end it with status 0.
# Exit status 1 when anything fails, with every failure named.
set -uo pipefail
caller=$PWD  # a binary named by a relative path is found from where the script was run
cd "$(dirname "$0")/.."

failures=0
fail() { echo "check-release: FAILED: $*" >&2; failures=$((failures + 1)); }
pass() { echo "check-release: ok: $*"; }

# Every check on readelf's text (stdin): `readelf -h -l -d -W` followed by `readelf --dyn-syms -W`.
# Prints each result; its status is the number of failures.
check_readelf_text() {
    local text failures=0
    text=$(cat)
    local fail_here
    fail_here() { echo "check-release: FAILED: $*" >&2; failures=$((failures + 1)); }

    if grep -Eq '^[[:space:]]*Type:[[:space:]]+DYN' <<<"$text"; then pass "position-independent (ELF type DYN)"
    else fail_here "not position-independent: ELF type is '$(grep -E '^[[:space:]]*Type:' <<<"$text" | sed 's/.*Type:[[:space:]]*//')', not DYN (linked with -no-pie?)"; fi

    if grep -Eq '\(FLAGS\)[[:space:]].*BIND_NOW|\(FLAGS_1\)[[:space:]].*[[:space:]]NOW([[:space:]]|$)' <<<"$text"; then pass "BIND_NOW"
    else fail_here "no BIND_NOW in the dynamic section (link with -z now)"; fi

    if grep -Eq '^[[:space:]]*GNU_RELRO[[:space:]]' <<<"$text"; then pass "GNU_RELRO segment"
    else fail_here "no GNU_RELRO segment (link with -z relro)"; fi

    local stack
    stack=$(awk '$1 == "GNU_STACK" { f = ""; for (i = 7; i < NF; i++) f = f $i; print f }' <<<"$text")
    if [ -z "$stack" ]; then fail_here "no GNU_STACK segment: the stack may be executable (link with -z noexecstack)"
    elif [[ "$stack" == *E* ]]; then fail_here "the stack is executable (GNU_STACK flags $stack; link with -z noexecstack)"
    else pass "stack not executable (GNU_STACK $stack)"; fi

    if grep -Eq '\(TEXTREL\)|\(FLAGS\)[[:space:]].*TEXTREL' <<<"$text"; then fail_here "text relocations (TEXTREL)"
    else pass "no text relocations"; fi

    if grep -Eq '\((RPATH|RUNPATH)\)' <<<"$text"; then
        fail_here "a run path: $(grep -E '\((RPATH|RUNPATH)\)' <<<"$text" | sed 's/.*: //' | tr '\n' ' ')(build with --disable-local-rpath)"
    else pass "no RPATH or RUNPATH"; fi

    local library
    for library in libsqlite3 libncursesw 'libpng[0-9]*'; do
        if grep -Eq "\(NEEDED\).*\[${library}\.so" <<<"$text"; then pass "${library%\[*} needed as a shared library"
        else fail_here "${library%\[*} is not needed as a shared library (linked in, or not at all)"; fi
    done
    if grep -Eq '\(NEEDED\).*\[libswiftCore\.so' <<<"$text"; then
        fail_here "libswiftCore.so needed: the Swift runtime is not linked in (build with --static-swift-stdlib)"
    else pass "Swift runtime linked in"; fi

    if grep -Eq '[[:space:]]__[a-z0-9_]+_chk(@|[[:space:]]|$)' <<<"$text"; then pass "_FORTIFY_SOURCE's checked functions used"
    else fail_here "no glibc __*_chk function called: the C code is not built with -D_FORTIFY_SOURCE=2 -O2"; fi
    return "$failures"
}

# A hardened binary's readelf output, cut down to the lines the checks read.
sample_readelf() {
    cat <<'EOF'
ELF Header:
  Type:                              DYN (Position-Independent Executable file)
Program Headers:
  Type           Offset   VirtAddr           PhysAddr           FileSiz  MemSiz   Flg Align
  LOAD           0x000000 0x0000000000000000 0x0000000000000000 0x0a1b2c 0x0a1b2c R   0x1000
  GNU_STACK      0x000000 0x0000000000000000 0x0000000000000000 0x000000 0x000000 RW  0x10
  GNU_RELRO      0x9f0000 0x00000000009f1000 0x00000000009f1000 0x01f000 0x01f000 R   0x1
Dynamic section at offset 0x9f8000 contains 36 entries:
  Tag        Type                         Name/Value
 0x0000000000000001 (NEEDED)             Shared library: [libsqlite3.so.0]
 0x0000000000000001 (NEEDED)             Shared library: [libncursesw.so.6]
 0x0000000000000001 (NEEDED)             Shared library: [libtinfo.so.6]
 0x0000000000000001 (NEEDED)             Shared library: [libpng16.so.16]
 0x0000000000000001 (NEEDED)             Shared library: [libc.so.6]
 0x000000000000001e (FLAGS)              BIND_NOW
 0x000000006ffffffb (FLAGS_1)            Flags: NOW PIE
Symbol table '.dynsym' contains 3 entries:
     1: 0000000000000000     0 FUNC    GLOBAL DEFAULT  UND __stack_chk_fail@GLIBC_2.4 (2)
     2: 0000000000000000     0 FUNC    GLOBAL DEFAULT  UND __snprintf_chk@GLIBC_2.3.4 (3)
EOF
}

self_test() {
    local errors=0
    expect() {  # expect pass|fail NAME < readelf text
        local want=$1 name=$2 got
        if check_readelf_text >/dev/null 2>&1; then got=pass; else got=fail; fi
        if [ "$got" = "$want" ]; then echo "check-release self-test: ok: $name ($got)"
        else echo "check-release self-test: WRONG: $name: the checks say $got, not $want" >&2; errors=$((errors + 1)); fi
    }
    sample_readelf | expect pass "a hardened binary"
    sample_readelf | sed 's/DYN (Position-Independent Executable file)/EXEC (Executable file)/' | expect fail "not PIE"
    sample_readelf | sed '/(FLAGS)/d; s/Flags: NOW PIE/Flags: PIE/' | expect fail "no BIND_NOW"
    sample_readelf | sed '/(FLAGS)/d' | expect pass "BIND_NOW in FLAGS_1 alone"
    sample_readelf | sed '/GNU_RELRO/d' | expect fail "no GNU_RELRO"
    sample_readelf | sed '/GNU_STACK/s/RW  0x10/RWE 0x10/' | expect fail "executable stack"
    sample_readelf | sed '/GNU_STACK/d' | expect fail "no GNU_STACK"
    sample_readelf | sed 's/(FLAGS)              BIND_NOW/(FLAGS)              TEXTREL BIND_NOW/' | expect fail "TEXTREL"
    sample_readelf | sed 's/(FLAGS) .*/(RUNPATH)            Library runpath: [$ORIGIN]/' | expect fail "a RUNPATH"
    sample_readelf | sed '/libsqlite3/d' | expect fail "SQLite linked in"
    sample_readelf | sed '/libncursesw/d' | expect fail "ncursesw linked in"
    sample_readelf | sed '/libpng16/d' | expect fail "libpng linked in"
    sample_readelf | sed 's/libc.so.6/libswiftCore.so/' | expect fail "Swift runtime shared"
    sample_readelf | sed '/__snprintf_chk/d' | expect fail "no _FORTIFY_SOURCE"
    if [ "$errors" -gt 0 ]; then echo "check-release self-test: $errors WRONG" >&2; return 1; fi
    echo "check-release self-test: every check passes and fails as it should"
}

# Starts BINARY in a pseudo-terminal, waits for its menu, quits it: status 0 when the menu
# appeared and the arcade ended with status 0.
start_in_terminal() {
    python3 - "$1" <<'EOF'
import fcntl, os, pty, select, shutil, signal, struct, sys, tempfile, termios, time

binary = sys.argv[1]
data = tempfile.mkdtemp(prefix="arcade-check-release-")
output = bytearray()

def read_for(seconds, until=None):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                return False  # the terminal closed: the arcade ended
            if not chunk:
                return False
            output.extend(chunk)
            # Answer the device-attributes query as xterm does, so the start need not wait.
            if b"\x1b[c" in chunk:
                os.write(fd, b"\x1b[?62;22c")
        if until is not None and until():
            return True
    return until is None

def text():
    return output.decode("utf-8", "replace")

def menu_shown():
    shown = text()
    return all(word in shown for word in ("ARCADE", "Set", "Memory", "Blackjack", "quit"))

pid, fd = pty.fork()
if pid == 0:
    fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    environment = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8", XDG_DATA_HOME=data,
                       ARCADE_SOUND="off")
    os.execve(binary, [binary], environment)

status = None
try:
    if not read_for(10, menu_shown):
        tail = text()[-400:]
        print(f"check-release: FAILED: no menu within 10 s; the last output: {tail!r}", file=sys.stderr)
        sys.exit(1)
    print("check-release: ok: the menu appears in a pseudo-terminal")
    for key in [b"q", b"y"] * 6:
        try:
            os.write(fd, key)
        except OSError:
            pass
        read_for(0.3)
        ended, code = os.waitpid(pid, os.WNOHANG)
        if ended:
            status = code
            break
    if status is None:
        print("check-release: FAILED: the arcade did not quit on q and y", file=sys.stderr)
        sys.exit(1)
    if os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0:
        print("check-release: ok: q quits with status 0")
        sys.exit(0)
    how = f"status {os.WEXITSTATUS(status)}" if os.WIFEXITED(status) else f"signal {os.WTERMSIG(status)}"
    print(f"check-release: FAILED: the arcade ended by {how}, not status 0", file=sys.stderr)
    sys.exit(1)
finally:
    try:
        if status is None:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
    except (ProcessLookupError, ChildProcessError):
        pass
    shutil.rmtree(data, ignore_errors=True)
EOF
}

case "${1:-}" in
    --self-test) self_test; exit ;;
    -h|--help) sed -n '2,/^set -uo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
esac

binary=${1:-.build/release/arcade}
case "${1:-}" in ""|/*) ;; *) binary=$caller/$1 ;; esac
if [ ! -x "$binary" ]; then
    echo "check-release: FAILED: no binary at $binary (build it: make build)" >&2
    exit 1
fi
echo "check-release: $binary"
readelf_text=$(mktemp)
# In the C locale: readelf's words ("Type:", "Flags:") are translated in others.
if ! { LC_ALL=C readelf -h -l -d -W "$binary" && LC_ALL=C readelf --dyn-syms -W "$binary"; } >"$readelf_text" 2>&1; then
    fail "readelf could not read $binary: $(head -c 300 "$readelf_text")"
else
    check_readelf_text <"$readelf_text"
    failures=$((failures + $?))
fi
rm -f "$readelf_text"
# The Swift standard library linked in calls __stack_chk_fail whatever the arcade's C code is
# built with, so the guard is looked for in one of the arcade's own C functions that has an
# array on its stack (arcade_start's message buffer): it reads the canary from %fs:0x28.
if LC_ALL=C objdump -d --disassemble=arcade_start "$binary" 2>/dev/null | grep '%fs:0x28' >/dev/null; then
    pass "the arcade's C code has the stack protector (arcade_start)"
else
    fail "arcade_start has no stack protector: the C code is not built with -fstack-protector-strong"
fi
start_in_terminal "$binary" || failures=$((failures + 1))

if [ "$failures" -gt 0 ]; then
    echo "check-release: $failures check(s) FAILED for $binary" >&2
    exit 1
fi
echo "check-release: every check passed for $binary"
