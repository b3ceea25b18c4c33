// The command line for Swift's `CommandLine.arguments`, without reading /proc/self/maps.
//
// Linked statically (the release build), the Swift runtime finds argv with a constructor of
// its own that reads /proc/self/maps line by line with sscanf to find the stack, then walks
// back from `environ`: 0.13 M instructions and a file the kernel writes out, before main.
// glibc hands every constructor of the program argc, argv and envp; this one keeps them,
// and the function below gives them to the standard library where the runtime's would.
// Defining it here means the linker never takes the runtime's CommandLine.cpp.o (and its
// constructor) out of libswiftCore.a. Linked with the shared runtime (debug builds and
// tests), the runtime's own function is used and this one is not.
#include "arcade_start.h"

#include <stddef.h>

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
