// Audio players that end with the arcade (see arcade_player.h).
//
// Each player gets a watcher: a fork of the arcade that holds the read end of a pipe whose
// write end only the arcade holds (the kernel closes it however the arcade ends, `kill -9`
// included), starts the player in a process group of its own, and kills that group (the
// player and whatever it started) when the player exits, when the pipe closes, or when the
// arcade asks with SIGTERM. PR_SET_PDEATHSIG alone would not do: it follows the thread that
// forked, not the process, and a player's own children do not inherit it.
//
// Between fork and exec only async-signal-safe calls are made (the arcade has threads):
// no malloc, no stdio, no locks. The arguments and environment are prepared by the caller.
#define _GNU_SOURCE

#include "arcade_player.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef SYS_close_range
#define SYS_close_range 436
#endif

// The watcher's descriptors once it has arranged them: the lifeline's read end and the pipe
// that carries an exec's failure back (closed by a successful exec).
enum { LIFELINE_FD = 3, REPORT_FD = 4 };

// The most descriptors closed one by one where close_range is missing: the arcade's own are
// few and low (each open takes the lowest free number), and a watcher must start at once.
enum { MOST_CLOSED_ONE_BY_ONE = 65536 };

// The lifeline: never written to; its read end is in every watcher, its write end in the
// arcade alone (close-on-exec, and closed by each watcher), so it closes when the arcade ends.
static int lifeline[2] = {-1, -1};
static pthread_once_t lifeline_once = PTHREAD_ONCE_INIT;

static void make_lifeline(void) {
    if (pipe2(lifeline, O_CLOEXEC) != 0) lifeline[0] = lifeline[1] = -1;
}

// Close every descriptor from `low` up: close_range, or one by one up to the soft limit on
// open files (at most MOST_CLOSED_ONE_BY_ONE) on a kernel without it.
static void close_from(int low) {
    if (syscall(SYS_close_range, (unsigned)low, ~0U, 0) == 0) return;
    struct rlimit limit;
    long high = getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY
        ? (long)limit.rlim_cur : MOST_CLOSED_ONE_BY_ONE;
    if (high > MOST_CLOSED_ONE_BY_ONE) high = MOST_CLOSED_ONE_BY_ONE;
    for (long fd = low; fd < high; fd++) close((int)fd);
}

// Set by the watcher's handlers, which only end its wait: a child ended, the arcade asked.
static volatile sig_atomic_t asked_to_end = 0;
static void note_child(int sig) { (void)sig; }
static void note_end(int sig) {
    (void)sig;
    asked_to_end = 1;
}

static void report_and_exit(int error) {
    ssize_t written;
    do written = write(REPORT_FD, &error, sizeof error); while (written < 0 && errno == EINTR);
    _exit(127);
}

// Kill the player's group (the player, if it still runs, and whatever it left running),
// collect the player, and end as it ended.
__attribute__((noreturn)) static void end_group_and_exit(pid_t player) {
    kill(-player, SIGKILL);
    int status = 0;
    while (waitpid(player, &status, 0) < 0 && errno == EINTR) {}
    _exit(WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
}

// The watcher: runs in the child of fork, with every signal blocked; never returns.
static void watch(const char *path, char *const argv[], char *const envp[], int lifeline_read, int report_write) {
    // Named apart from the arcade in `ps` and `top`.
    prctl(PR_SET_NAME, "arcade-player");
    // Lifeline and report on descriptors above the standard three before anything else, in
    // case one of them is 0, 1 or 2.
    int life = fcntl(lifeline_read, F_DUPFD, 10);
    int report = fcntl(report_write, F_DUPFD, 10);
    if (life < 0 || report < 0) _exit(127);
    setsid();
    int null = open("/dev/null", O_RDWR);
    if (null < 0 || dup2(null, 0) < 0 || dup2(null, 1) < 0 || dup2(null, 2) < 0) _exit(127);
    if (dup2(life, LIFELINE_FD) < 0 || dup2(report, REPORT_FD) < 0) _exit(127);
    fcntl(LIFELINE_FD, F_SETFD, FD_CLOEXEC);
    fcntl(REPORT_FD, F_SETFD, FD_CLOEXEC);
    close_from(REPORT_FD + 1);  // the terminal, the store, the lifeline's write end…

    // Every signal at its default action (the arcade catches many; an ignored one would stay
    // ignored across exec); SIGCHLD and SIGTERM caught only to end the wait below.
    struct sigaction action = {0};
    action.sa_handler = SIG_DFL;
    for (int sig = 1; sig < NSIG; sig++) {
        if (sig != SIGKILL && sig != SIGSTOP) sigaction(sig, &action, NULL);
    }
    action.sa_handler = note_child;
    sigaction(SIGCHLD, &action, NULL);
    action.sa_handler = note_end;
    sigaction(SIGTERM, &action, NULL);

    pid_t watcher = getpid();
    pid_t player = fork();
    if (player < 0) report_and_exit(errno);
    if (player == 0) {
        // A group of its own, which the watcher kills: the player and whatever it starts.
        setpgid(0, 0);
        // Ends with its watcher; a watcher gone already is not waited for.
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != watcher) _exit(127);
        action.sa_handler = SIG_DFL;
        sigaction(SIGCHLD, &action, NULL);
        sigaction(SIGTERM, &action, NULL);
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        execve(path, argv, envp);
        report_and_exit(errno);
    }
    // Here too, so that the group exists before the watcher may kill it, whichever runs first.
    setpgid(player, player);
    close(REPORT_FD);  // the player's copy closes at its exec

    sigset_t waiting;
    sigfillset(&waiting);
    sigdelset(&waiting, SIGCHLD);
    sigdelset(&waiting, SIGTERM);
    for (;;) {
        // Ended, and not yet collected: its number (the group's) cannot be reused meanwhile.
        siginfo_t ended = {0};
        if (waitid(P_PID, (id_t)player, &ended, WEXITED | WNOHANG | WNOWAIT) == 0 && ended.si_pid == player) {
            end_group_and_exit(player);
        }
        if (asked_to_end) end_group_and_exit(player);
        // SIGCHLD and SIGTERM stay blocked outside ppoll, so one that comes after the checks
        // above ends it.
        struct pollfd lifeline_end = {.fd = LIFELINE_FD, .events = POLLIN};
        if (ppoll(&lifeline_end, 1, NULL, &waiting) > 0) {
            // Readable means closed (nothing is ever written): the arcade has ended.
            end_group_and_exit(player);
        }
    }
}

int arcade_player_start(const char *path, char *const argv[], char *const envp[]) {
    pthread_once(&lifeline_once, make_lifeline);
    if (lifeline[0] < 0) return -1;
    int report[2];
    if (pipe2(report, O_CLOEXEC) != 0) return -1;

    // No handler of the arcade's may run in the child: every signal blocked across fork.
    sigset_t all, before;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &before);
    pid_t pid = fork();
    if (pid == 0) watch(path, argv, envp, lifeline[0], report[1]);
    int fork_error = errno;
    pthread_sigmask(SIG_SETMASK, &before, NULL);
    close(report[1]);
    if (pid < 0) {
        close(report[0]);
        errno = fork_error;
        return -1;
    }

    // End of file once the player's exec succeeded; an error number when it (or the
    // watcher) failed.
    int error = 0;
    ssize_t got;
    do got = read(report[0], &error, sizeof error); while (got < 0 && errno == EINTR);
    close(report[0]);
    if (got == (ssize_t)sizeof error) {
        int status;
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
        errno = error;
        return -1;
    }
    return pid;
}

int arcade_player_end(int watcher) { return kill(watcher, SIGTERM); }
