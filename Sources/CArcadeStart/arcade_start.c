// What happens before the arcade's Swift code runs: the command line kept for Swift's
// `CommandLine.arguments`, and the process made fit to run the arcade (`arcade_start`).
//
// The command line, without reading /proc/self/maps.
//
// Linked statically (the release build), the Swift runtime finds argv with a constructor of
// its own that reads /proc/self/maps line by line with sscanf to find the stack, then walks
// back from `environ`: 0.13 M instructions and a file the kernel writes out, before main.
// glibc hands every constructor of the program argc, argv and envp; this one keeps them,
// and the function below gives them to the standard library where the runtime's would.
// Defining it here means the linker never takes the runtime's CommandLine.cpp.o (and its
// constructor) out of libswiftCore.a. Linked with the shared runtime (debug builds and
// tests), the runtime's own function is used and this one is not.
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

static char *no_arguments[] = { NULL };
static char **kept_argv = no_arguments;
static int kept_argc = 0;

static void arcade_keep_arguments(int argc, char **argv, char **envp) {
    (void)envp;
    if (argv != NULL && argc >= 0) {
        kept_argv = argv;
        kept_argc = argc;
    }
}

__attribute__((section(".init_array"), used))
static void (*const arcade_keep_arguments_entry)(int, char **, char **) = arcade_keep_arguments;

// The standard library's entry point (swift/stdlib CommandLine.cpp): argv, and argc in
// *count. Swift's calling convention, as the runtime declares it.
__attribute__((swiftcall, visibility("default")))
char **_swift_stdlib_getUnsafeArgvArgc(int *count) {
    *count = kept_argc;
    return kept_argv;
}

// ---- a process fit to run the arcade --------------------------------------------------

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
