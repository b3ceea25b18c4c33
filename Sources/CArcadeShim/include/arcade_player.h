// Starting an audio player that ends with the arcade, however the arcade ends.
#ifndef ARCADE_PLAYER_H
#define ARCADE_PLAYER_H

// Start `path` with `argv` (NULL-terminated, argv[0] the program's name) and `envp` in the
// background, and return the pid of the process that watches it, or -1 (errno set) when it
// could not start (the exec's own failure included).
//
// The watcher is a small copy of the arcade, named `arcade-player`, that leads a new session
// (no controlling terminal) with standard input, output and error on /dev/null and no other
// descriptor but the lifeline (the read end of a pipe whose write end only the arcade holds).
// The player is its child, leading a process group of its own, with every signal at its
// default action and none blocked, and no descriptor of the arcade's beyond the standard
// three. The watcher kills that group (the player and whatever it started) when the player
// exits, when the lifeline closes (the arcade has ended, by any means, `kill -9` too) or when
// `arcade_player_end` asks; it then ends as the player ended (its exit status; 128 + n when a
// signal killed it). The player itself dies with its watcher (PR_SET_PDEATHSIG).
int arcade_player_start(const char *path, char *const argv[], char *const envp[]);

// Ask `watcher` (from `arcade_player_start`, not yet collected) to kill its player's group
// and end: SIGTERM, which only a watcher takes that way. Async-signal-safe. 0, or -1 (errno).
int arcade_player_end(int watcher);

#endif
