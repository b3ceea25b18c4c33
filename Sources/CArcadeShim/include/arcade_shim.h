// Prefixed C wrappers for what Swift cannot import from ncurses (attribute and
// mouse macros, the stdscr global, extended colour pairs), and the async-signal-safe
// terminal restore that runs inside signal handlers. Only ArcadeTerminal imports it
// (wcwidth, which ArcadeUI needs, is in CArcadeWidth).
#ifndef ARCADE_SHIM_H
#define ARCADE_SHIM_H

// Same defines, same header as the CNcursesw module: one definition of curses.
#include "../../CNcursesw/shim.h"
#include <stddef.h>

// Attributes (macros in curses.h).
attr_t arcade_attr_normal(void);
attr_t arcade_attr_bold(void);
attr_t arcade_attr_dim(void);
attr_t arcade_attr_reverse(void);
attr_t arcade_attr_underline(void);

// Globals that Swift 6 rejects as not concurrency-safe.
WINDOW *arcade_stdscr(void);
void arcade_getmaxyx(WINDOW *win, int *rows, int *cols);
WINDOW *arcade_curscr(void);
int arcade_colors(void);

// 1 when terminfo knows `term` and it can address the cursor, 2 when it is known but
// cannot (TERM=dumb), 0 when unknown. Checked without printing or exiting.
int arcade_terminal_known(const char *term, int fd);

// Whether the terminal ncurses is set up for can address the cursor (`cup`).
int arcade_can_move_cursor(void);

// A cell with an extended colour pair (pairs above 255 go through the opts pointer).
int arcade_setcchar(cchar_t *cell, const wchar_t *text, attr_t attrs, int pair);

// Mouse masks (macros in curses.h).
mmask_t arcade_mouse_button1_pressed(void);
mmask_t arcade_mouse_button1_released(void);
mmask_t arcade_mouse_button3_pressed(void);
mmask_t arcade_mouse_wheel_up(void);
mmask_t arcade_mouse_wheel_down(void);


// Terminal safety. `arcade_safety_install` saves the terminal modes of `in_fd` and
// catches every signal whose default action ends the process. The crash signals and
// SIGQUIT (SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGSYS, SIGQUIT) get a
// handler that writes the prepared reset sequence to `out_fd` with write(2), restores the
// saved modes, and re-raises the signal with its default action so the shell sees 128 + n.
// The others (SIGINT, SIGTERM, SIGHUP, SIGALRM, SIGXCPU, SIGVTALRM, SIGPROF, SIGSTKFLT,
// SIGPWR, SIGIO and the real-time signals) do the same outside the run loop and are
// "leaving" signals inside it (see `arcade_safety_set_graceful`). SIGPIPE, SIGUSR1 and
// SIGUSR2 are caught and do nothing (a program started later still gets their default
// actions); SIGXFSZ is left ignored (arcade_start.c). Call it before newterm so ncurses
// keeps its hands off those signals.
int arcade_safety_install(int in_fd, int out_fd);
// The bytes that undo full-screen mode (copied; at most 512 bytes).
void arcade_safety_set_reset(const char *bytes, size_t length);
// Write the reset sequence, restore the saved modes and give back standard error:
// what a signal handler does before re-raising.
void arcade_safety_restore(void);
// The normal way out, after endwin: forget the reset sequence (curses has already
// undone full-screen mode), restore the saved modes, give back standard error.
void arcade_safety_end(void);
// 1 once after the terminal was resized (SIGWINCH, once `arcade_safety_watch_resize` ran), else 0.
int arcade_safety_take_resized(void);
// 1 once after the process was continued (SIGCONT, e.g. `fg`), else 0.
int arcade_safety_take_continued(void);
// 1 while a continue is noted and not yet taken, else 0 (it stays noted).
int arcade_safety_continued_pending(void);
// While graceful (the run loop runs), a leaving signal is only noted: its number is kept,
// a byte is written to `arcade_safety_wake_fd()` (so a read waiting in poll wakes up), and
// an alarm of one second is set, after which SIGALRM restores the terminal and ends by
// that signal should leaving hang. A second such signal changes nothing; one outside the
// loop restores and ends at once.
void arcade_safety_set_graceful(int on);
// The noted signal, or 0.
int arcade_safety_exit_signal(void);
// The read end of the pipe the handlers write a byte to, to wake a read waiting in poll:
// on a leaving signal, SIGCONT and (after `arcade_safety_watch_resize`) SIGWINCH.
// -1 when it could not be made.
int arcade_safety_wake_fd(void);
// Empty that pipe (after waking up).
void arcade_safety_drain_wakeups(void);
// After newterm: wrap ncurses' SIGWINCH handler so that it also wakes the read.
int arcade_safety_watch_resize(void);
// Wrap ncurses' SIGTSTP handler (run after `newterm`) so that a stop from outside
// (`kill -TSTP`) first switches off focus reporting and bracketed paste. 0, or -1.
int arcade_safety_watch_stop(void);
// After the game was left and the terminal restored: end by `sig` with its default action.
void arcade_safety_finish_signal(int sig);

// A program the arcade started that leads a session of its own (an audio player): a
// signal that restores the terminal and ends the arcade at once (a crash, SIGQUIT, the
// deadline of leaving) kills its process group first. At most 32 are tracked.
void arcade_safety_track_child(int pid);
void arcade_safety_forget_child(int pid);

// While the screen is ours, standard error goes to an unlinked temporary file, so
// nothing (a library's warning, a crash message) scribbles over the screen; the
// restore functions above give it back and replay what was written. 0 on success.
int arcade_stderr_capture(void);
void arcade_stderr_release(void);

#endif
