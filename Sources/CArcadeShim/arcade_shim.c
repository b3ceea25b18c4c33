// The X/Open 7 declarations (POSIX.1-2008 with XSI) this file's terminal and signal code is
// written against; this define affects this file alone.
#define _XOPEN_SOURCE 700

#include "arcade_shim.h"
#include "arcade_player.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

attr_t arcade_attr_normal(void) { return A_NORMAL; }
attr_t arcade_attr_bold(void) { return A_BOLD; }
attr_t arcade_attr_dim(void) { return A_DIM; }
attr_t arcade_attr_reverse(void) { return A_REVERSE; }
attr_t arcade_attr_underline(void) { return A_UNDERLINE; }

WINDOW *arcade_stdscr(void) { return stdscr; }
WINDOW *arcade_curscr(void) { return curscr; }
int arcade_colors(void) { return COLORS; }

int arcade_can_move_cursor(void) {
    // A terminal that cannot move its cursor (TERM=dumb) cannot show a full screen.
    const char *cup = tigetstr("cup");
    return cup != NULL && cup != (char *)-1;
}

int arcade_terminal_known(const char *term, int fd) {
    int status = 0;
    if (setupterm(term, fd, &status) != OK) return 0;
    int usable = arcade_can_move_cursor();
    del_curterm(cur_term);
    cur_term = NULL;
    return usable ? 1 : 2;
}

void arcade_getmaxyx(WINDOW *win, int *rows, int *cols) {
    int y, x;
    getmaxyx(win, y, x);
    *rows = y;
    *cols = x;
}

int arcade_setcchar(cchar_t *cell, const wchar_t *text, attr_t attrs, int pair) {
    int extended = pair;
    return setcchar(cell, text, attrs, 0, &extended);
}

mmask_t arcade_mouse_button1_pressed(void) { return BUTTON1_PRESSED; }
mmask_t arcade_mouse_button1_released(void) { return BUTTON1_RELEASED; }
mmask_t arcade_mouse_button3_pressed(void) { return BUTTON3_PRESSED; }
mmask_t arcade_mouse_wheel_up(void) { return BUTTON4_PRESSED; }
#if defined(BUTTON5_PRESSED)
mmask_t arcade_mouse_wheel_down(void) { return BUTTON5_PRESSED; }
#else
mmask_t arcade_mouse_wheel_down(void) { return 0; }
#endif


// ---- terminal safety -------------------------------------------------------
//
// Everything a signal handler touches is prepared in advance in static storage, and
// the handlers call only async-signal-safe functions (write, read, lseek, dup2,
// tcsetattr, signal, sigprocmask, raise, kill).

static struct termios saved_modes;
static volatile sig_atomic_t have_saved_modes = 0;
static int safety_in_fd = 0;
static int safety_out_fd = 1;
static char reset_bytes[512];
static volatile sig_atomic_t reset_length = 0;
static volatile sig_atomic_t continued = 0;
static volatile sig_atomic_t resized = 0;

// SIGTERM, SIGHUP and SIGINT while the run loop runs: noted, so the arcade leaves the
// game as `q` would before it ends by the same signal. A byte in the pipe wakes the read.
static volatile sig_atomic_t graceful = 0;
static volatile sig_atomic_t exit_signal = 0;
static int exit_pipe[2] = {-1, -1};
static const unsigned grace_seconds = 1;

// Standard error while the screen is ours: kept in an unlinked file, replayed after.
static int real_stderr = -1;
static int captured_stderr = -1;
static char replay_buffer[4096];

// Crash handlers run on their own stack, so a stack overflow can still restore.
static char alternate_stack[64 * 1024];

// Signals whose default action ends the process at once (a crash, a quit with a core):
// the handler restores the terminal and ends by the same signal.
static const int handled_signals[] = {
    SIGINT, SIGTERM, SIGHUP, SIGQUIT,
    SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGSYS,
};

// Every other signal whose default action ends the process: while the run loop runs they
// are noted like SIGTERM (the game is left as `q` would, then the arcade ends by the
// signal, status 128 + n). The real-time signals are added in `arcade_safety_install`.
// SIGXFSZ is not among them: it stays ignored (arcade_start.c), so a write past `ulimit -f`
// fails as a full disk does rather than ending the arcade.
static const int leaving_signals[] = {
    SIGINT, SIGTERM, SIGHUP, SIGALRM, SIGXCPU, SIGVTALRM, SIGPROF,
#ifdef SIGSTKFLT
    SIGSTKFLT,
#endif
#ifdef SIGPWR
    SIGPWR,
#endif
    SIGIO,
};

// Signals that mean nothing to a game: a write to a pipe nobody reads, a stray `kill -USR1`.
// They are caught by a handler that does nothing rather than ignored, so a program the
// arcade starts (an audio player) still gets their default actions.
static const int unheeded_signals[] = {SIGPIPE, SIGUSR1, SIGUSR2};

static void write_all(int fd, const char *bytes, size_t length) {
    size_t written = 0;
    while (written < length) {
        ssize_t n = write(fd, bytes + written, length - written);
        if (n <= 0) break;
        written += (size_t)n;
    }
}

void arcade_stderr_release(void) {
    if (real_stderr < 0) return;
    int saved_errno = errno;
    dup2(real_stderr, STDERR_FILENO);
    if (captured_stderr >= 0 && lseek(captured_stderr, 0, SEEK_SET) == 0) {
        size_t total = 0;
        ssize_t n;
        while (total < 65536 && (n = read(captured_stderr, replay_buffer, sizeof replay_buffer)) > 0) {
            write_all(STDERR_FILENO, replay_buffer, (size_t)n);
            total += (size_t)n;
        }
    }
    real_stderr = -1;
    errno = saved_errno;
}

int arcade_stderr_capture(void) {
    if (real_stderr >= 0) return 0;
    char path[] = "/tmp/arcade-stderr-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) return -1;
    fcntl(fd, F_SETFD, FD_CLOEXEC);
    unlink(path);
    // Close-on-exec: a program the arcade starts (an audio player) never gets the terminal.
    int copy = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 0);
    if (copy < 0 || dup2(fd, STDERR_FILENO) < 0) {
        if (copy >= 0) close(copy);
        close(fd);
        return -1;
    }
    captured_stderr = fd;
    real_stderr = copy;
    return 0;
}

// Programs the arcade started (audio players' watchers, see arcade_player.h): a signal that
// ends the arcade at once asks each to end its player and whatever the player started.
#define TRACKED_CHILDREN 32
static volatile sig_atomic_t tracked_children[TRACKED_CHILDREN];

void arcade_safety_track_child(int pid) {
    for (int i = 0; i < TRACKED_CHILDREN; i++) {
        if (tracked_children[i] == 0) {
            tracked_children[i] = pid;
            return;
        }
    }
}

void arcade_safety_forget_child(int pid) {
    for (int i = 0; i < TRACKED_CHILDREN; i++)
        if (tracked_children[i] == pid) tracked_children[i] = 0;
}

static void end_tracked_children(void) {
    for (int i = 0; i < TRACKED_CHILDREN; i++)
        if (tracked_children[i] > 0) arcade_player_end(tracked_children[i]);
}

void arcade_safety_restore(void) {
    int saved_errno = errno;
    end_tracked_children();
    write_all(safety_out_fd, reset_bytes, (size_t)reset_length);
    if (have_saved_modes) tcsetattr(safety_in_fd, TCSANOW, &saved_modes);
    arcade_stderr_release();
    errno = saved_errno;
}

void arcade_safety_end(void) {
    reset_length = 0;  // curses has already undone full-screen mode
    if (have_saved_modes) tcsetattr(safety_in_fd, TCSANOW, &saved_modes);
    arcade_stderr_release();
}

// End by `sig`'s default action, as if it had never been caught.
static void reraise(int sig) {
    signal(sig, SIG_DFL);
    sigset_t only;
    sigemptyset(&only);
    sigaddset(&only, sig);
    sigprocmask(SIG_UNBLOCK, &only, NULL);
    raise(sig);
}

static void restore_and_reraise(int sig) {
    arcade_safety_restore();
    reraise(sig);
}

// A byte in the pipe: whatever waits in poll for input wakes up and looks again.
static void wake(void) {
    if (exit_pipe[1] >= 0) {
        char byte = 1;
        (void)!write(exit_pipe[1], &byte, 1);
    }
}

static void note_leave(int sig) {
    if (!graceful) {
        // Outside the run loop: restore and end now.
        restore_and_reraise(sig);
        return;
    }
    // A second signal (a logout sends SIGTERM then SIGHUP) changes nothing: the game is
    // being left already, and the alarm still ends it within a second.
    if (exit_signal != 0) return;
    int saved_errno = errno;
    exit_signal = sig;
    wake();
    alarm(grace_seconds);  // should leaving hang, SIGALRM restores and ends anyway
    errno = saved_errno;
}

// ncurses' own SIGWINCH handler, called first by ours, which then wakes the read: a
// resize that comes just before the read waits must not wait for the next key.
static struct sigaction curses_resize;

static void note_resize(int sig) {
    int saved_errno = errno;
    if (curses_resize.sa_handler != SIG_DFL && curses_resize.sa_handler != SIG_IGN) curses_resize.sa_handler(sig);
    resized = 1;
    wake();
    errno = saved_errno;
}

int arcade_safety_watch_resize(void) {
    if (sigaction(SIGWINCH, NULL, &curses_resize) != 0) return -1;
    if (curses_resize.sa_flags & SA_SIGINFO) return 0;  // not ncurses' plain handler: leave it be
    struct sigaction ours = curses_resize;
    ours.sa_handler = note_resize;
    return sigaction(SIGWINCH, &ours, NULL);
}

// ncurses' own SIGTSTP handler, called by ours after the terminal's focus reports and
// bracketed paste are switched off: while the arcade is stopped, they are the shell's to
// decide (resuming switches them on again). Ncurses' handler knows nothing of them.
static struct sigaction curses_stop;

static void note_stop(int sig) {
    int saved_errno = errno;
    static const char off[] = "\033[?1004l\033[?2004l";
    write_all(safety_out_fd, off, sizeof off - 1);
    curses_stop.sa_handler(sig);
    errno = saved_errno;
}

int arcade_safety_watch_stop(void) {
    if (sigaction(SIGTSTP, NULL, &curses_stop) != 0) return -1;
    if (curses_stop.sa_flags & SA_SIGINFO) return 0;  // not ncurses' plain handler: leave it be
    // No handler of ncurses' to chain (ignored without job control, or the default stop).
    if (curses_stop.sa_handler == SIG_IGN || curses_stop.sa_handler == SIG_DFL) return 0;
    struct sigaction ours = curses_stop;
    ours.sa_handler = note_stop;
    return sigaction(SIGTSTP, &ours, NULL);
}

void arcade_safety_drain_wakeups(void) {
    char bytes[64];
    if (exit_pipe[0] < 0) return;
    while (read(exit_pipe[0], bytes, sizeof bytes) > 0) {}
}

// SIGALRM is both a leaving signal (someone's `kill -ALRM`) and the deadline of leaving:
// once a leaving signal was noted, it means leaving hung, so restore and end now.
static void note_alarm(int sig) {
    if (exit_signal != 0) {
        restore_and_reraise(exit_signal);
        return;
    }
    note_leave(sig);
}

static void unheeded(int sig) { (void)sig; }

void arcade_safety_set_graceful(int on) {
    graceful = on ? 1 : 0;
}

int arcade_safety_exit_signal(void) { return exit_signal; }

int arcade_safety_wake_fd(void) { return exit_pipe[0]; }

void arcade_safety_finish_signal(int sig) {
    alarm(0);
    reraise(sig);
    _exit(128 + sig);  // not reached: the default action of sig ends the process
}

static void note_continue(int sig) {
    (void)sig;
    int saved_errno = errno;
    continued = 1;
    wake();
    errno = saved_errno;
}

int arcade_safety_take_resized(void) {
    if (!resized) return 0;
    resized = 0;
    return 1;
}

int arcade_safety_continued_pending(void) { return continued ? 1 : 0; }

int arcade_safety_take_continued(void) {
    if (!continued) return 0;
    continued = 0;
    return 1;
}

#define COUNT(array) (sizeof (array) / sizeof (array)[0])

/* A handler calling `handler` with `flags`, blocking nothing else yet. */
static struct sigaction handler_for(void (*handler)(int), int flags) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handler;
    action.sa_flags = flags;
    sigemptyset(&action.sa_mask);
    return action;
}

/* Add the `count` signals of `signals` to `set`. */
static void add_signals(sigset_t *set, const int *signals, size_t count) {
    for (size_t i = 0; i < count; i++) sigaddset(set, signals[i]);
}

/* Give each of the `count` signals of `signals` the handler `action`: 0, or -1 when one fails. */
static int install_for(const int *signals, size_t count, const struct sigaction *action) {
    for (size_t i = 0; i < count; i++)
        if (sigaction(signals[i], action, NULL) != 0) return -1;
    return 0;
}

int arcade_safety_install(int in_fd, int out_fd) {
    safety_in_fd = in_fd;
    safety_out_fd = out_fd;
    if (tcgetattr(in_fd, &saved_modes) == 0) have_saved_modes = 1;

    stack_t stack;
    memset(&stack, 0, sizeof stack);
    stack.ss_sp = alternate_stack;
    stack.ss_size = sizeof alternate_stack;
    int on_stack = sigaltstack(&stack, NULL) == 0 ? SA_ONSTACK : 0;

    struct sigaction action = handler_for(restore_and_reraise, on_stack);
    // Block every other handled signal while one runs: one restore, one exit.
    add_signals(&action.sa_mask, handled_signals, COUNT(handled_signals));
    if (install_for(handled_signals, COUNT(handled_signals), &action) != 0) return -1;

    // The signals that mean "leave" get a handler that only takes note while the loop runs.
    if (exit_pipe[0] < 0 && pipe(exit_pipe) == 0) {
        for (int i = 0; i < 2; i++) {
            fcntl(exit_pipe[i], F_SETFL, fcntl(exit_pipe[i], F_GETFL) | O_NONBLOCK);
            fcntl(exit_pipe[i], F_SETFD, FD_CLOEXEC);
        }
    }
    struct sigaction leave = action;
    leave.sa_handler = note_leave;
    add_signals(&leave.sa_mask, leaving_signals, COUNT(leaving_signals));
    for (int sig = SIGRTMIN; sig <= SIGRTMAX; sig++) sigaddset(&leave.sa_mask, sig);
    for (size_t i = 0; i < COUNT(leaving_signals); i++) {
        leave.sa_handler = leaving_signals[i] == SIGALRM ? note_alarm : note_leave;
        if (sigaction(leaving_signals[i], &leave, NULL) != 0) return -1;
    }
    leave.sa_handler = note_leave;
    for (int sig = SIGRTMIN; sig <= SIGRTMAX; sig++) (void)sigaction(sig, &leave, NULL);

    struct sigaction nothing = handler_for(unheeded, SA_RESTART);
    if (install_for(unheeded_signals, COUNT(unheeded_signals), &nothing) != 0) return -1;

    // No SA_RESTART: a blocked read returns EINTR, and the arcade repaints.
    struct sigaction resume = handler_for(note_continue, 0);
    if (sigaction(SIGCONT, &resume, NULL) != 0) return -1;
    return 0;
}

void arcade_safety_set_reset(const char *bytes, size_t length) {
    if (length > sizeof reset_bytes) length = sizeof reset_bytes;
    sigset_t all, old;
    sigfillset(&all);
    sigprocmask(SIG_BLOCK, &all, &old);
    memcpy(reset_bytes, bytes, length);
    reset_length = (sig_atomic_t)length;
    sigprocmask(SIG_SETMASK, &old, NULL);
}
