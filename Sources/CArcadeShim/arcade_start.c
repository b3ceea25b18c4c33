// The process made fit to run the arcade (`arcade_start`), before any of the arcade's Swift
// code runs: standard descriptors held, SIGXFSZ ignored, a stack large enough for ncurses.
#define _GNU_SOURCE  // pthread_setattr_default_np
#include "arcade_start.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

// Standard input, output or error closed at the start (`arcade 2>&-`) would be the first
// number a pipe or a file opened later is given, and writing "to standard error" would then
// write into it (the signal handlers' wake pipe, or the file that captures standard error,
// so that the arcade would wait on it forever). Each closed one is given /dev/null, opened
// the other way round (input for writing, output for reading), so that using it still fails
// as using a closed descriptor did (`arcade --help >&-` still says it could not write) while
// its number stays taken.
static void open_closed_standard_descriptors(void) {
    for (int fd = STDIN_FILENO; fd <= STDERR_FILENO; fd++) {
        if (fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
        int opened = open("/dev/null", fd == STDIN_FILENO ? O_WRONLY : O_RDONLY);
        if (opened >= 0 && opened != fd) {
            dup2(opened, fd);
            close(opened);
        }
    }
}

// The stack the arcade runs on when `ulimit -s` allows less: ncurses, reading the terminal's
// description, needs more stack than many a small limit gives. Below this the arcade runs
// on a thread of its own with this much; at or above it, on the main thread as any program
// does. Threads started later get as much by default (glibc would give them the limit too).
static const size_t comfortable_stack = 8u << 20;

static int (*arcade_body)(void);
static int arcade_status;
static sigset_t arcade_signal_mask;

static void *run_body(void *unused) {
    (void)unused;
    // Signals are the arcade's: its thread takes them, the main thread only waits.
    pthread_sigmask(SIG_SETMASK, &arcade_signal_mask, NULL);
    arcade_status = arcade_body();
    return NULL;
}

// Run the body on a thread whose stack is `comfortable_stack`: 0, or -1 when the thread
// could not start.
static int run_on_large_stack(void) {
    pthread_attr_t attributes;
    if (pthread_attr_init(&attributes) != 0) return -1;
    int failed = pthread_attr_setstacksize(&attributes, comfortable_stack) != 0;
    if (!failed) (void)pthread_setattr_default_np(&attributes);
    sigset_t all;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &arcade_signal_mask);
    pthread_t thread;
    if (!failed) failed = pthread_create(&thread, &attributes, run_body, NULL) != 0;
    pthread_attr_destroy(&attributes);
    if (failed) {
        pthread_sigmask(SIG_SETMASK, &arcade_signal_mask, NULL);
        return -1;
    }
    pthread_join(thread, NULL);
    return 0;
}

int arcade_start(int (*body)(void)) {
    open_closed_standard_descriptors();
    // Past `ulimit -f`, a write fails with EFBIG, an error the store reports and survives,
    // instead of ending the arcade by SIGXFSZ mid-write. Programs it starts get the default
    // action back (the audio players are started with every signal at default).
    signal(SIGXFSZ, SIG_IGN);

    arcade_body = body;
    struct rlimit stack;
    if (getrlimit(RLIMIT_STACK, &stack) != 0 || stack.rlim_cur == RLIM_INFINITY
        || stack.rlim_cur >= comfortable_stack) {
        return body();
    }
    if (run_on_large_stack() == 0) return arcade_status;
    // No thread (a limit on processes or memory): refused in words rather than run on a
    // stack that may be too small, which would end in a crash with no message.
    char message[200];
    int length = snprintf(message, sizeof message,
                          "arcade: `ulimit -s` allows only %lu KiB of stack and no thread with "
                          "%zu KiB could be started; try `ulimit -s %zu`\n",
                          (unsigned long)(stack.rlim_cur >> 10), comfortable_stack >> 10, comfortable_stack >> 10);
    if (length > 0) {
        size_t shown = (size_t)length < sizeof message ? (size_t)length : sizeof message - 1;
        (void)!write(STDERR_FILENO, message, shown);
    }
    return 1;
}
