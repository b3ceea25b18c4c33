// wcwidth is only declared for X/Open; this define affects this file alone.
#define _XOPEN_SOURCE 700

#include "arcade_shim.h"

#include <errno.h>
#include <signal.h>
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

int arcade_terminal_known(const char *term, int fd) {
    int status = 0;
    if (setupterm(term, fd, &status) != OK) return 0;
    del_curterm(cur_term);
    cur_term = NULL;
    return 1;
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

int arcade_wcwidth(wchar_t ch) { return wcwidth(ch); }

mmask_t arcade_mouse_button1_pressed(void) { return BUTTON1_PRESSED; }
mmask_t arcade_mouse_button1_released(void) { return BUTTON1_RELEASED; }
mmask_t arcade_mouse_button1_clicked(void) { return BUTTON1_CLICKED; }
mmask_t arcade_mouse_button3_pressed(void) { return BUTTON3_PRESSED; }
mmask_t arcade_mouse_wheel_up(void) { return BUTTON4_PRESSED; }
#if defined(BUTTON5_PRESSED)
mmask_t arcade_mouse_wheel_down(void) { return BUTTON5_PRESSED; }
#else
mmask_t arcade_mouse_wheel_down(void) { return 0; }
#endif

int arcade_key_f(int n) { return KEY_F(n); }

// ---- terminal safety -------------------------------------------------------

static struct termios saved_modes;
static volatile sig_atomic_t have_saved_modes = 0;
static int safety_in_fd = 0;
static int safety_out_fd = 1;
static char reset_bytes[512];
static volatile sig_atomic_t reset_length = 0;

static const int handled_signals[] = {
    SIGINT, SIGTERM, SIGHUP, SIGQUIT,
    SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE,
};

void arcade_safety_restore(void) {
    int saved_errno = errno;
    size_t length = (size_t)reset_length;
    size_t written = 0;
    while (written < length) {
        ssize_t n = write(safety_out_fd, reset_bytes + written, length - written);
        if (n <= 0) break;
        written += (size_t)n;
    }
    if (have_saved_modes) tcsetattr(safety_in_fd, TCSANOW, &saved_modes);
    errno = saved_errno;
}

static void restore_and_reraise(int sig) {
    arcade_safety_restore();
    signal(sig, SIG_DFL);
    sigset_t only;
    sigemptyset(&only);
    sigaddset(&only, sig);
    sigprocmask(SIG_UNBLOCK, &only, NULL);
    raise(sig);
}

int arcade_safety_install(int in_fd, int out_fd) {
    safety_in_fd = in_fd;
    safety_out_fd = out_fd;
    if (tcgetattr(in_fd, &saved_modes) == 0) have_saved_modes = 1;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = restore_and_reraise;
    sigemptyset(&action.sa_mask);
    // Block every other handled signal while one runs: one restore, one exit.
    for (size_t i = 0; i < sizeof handled_signals / sizeof handled_signals[0]; i++)
        sigaddset(&action.sa_mask, handled_signals[i]);
    for (size_t i = 0; i < sizeof handled_signals / sizeof handled_signals[0]; i++)
        if (sigaction(handled_signals[i], &action, NULL) != 0) return -1;
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
