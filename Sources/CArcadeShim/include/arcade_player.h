// Starting an audio player that ends with the arcade, however the arcade ends.
#ifndef ARCADE_PLAYER_H
#define ARCADE_PLAYER_H

// Start `path` with `argv` (NULL-terminated, argv[0] the program's name) and `envp` in the
// background, and return the pid of the process that watches it, or -1 (errno set) when it
// could not start (the exec's own failure included).
//
// The watcher is a small copy of the arcade that leads a new session (no controlling
// terminal) with standard input, output and error on /dev/null and no other descriptor; the
// player is its child in the same process group, with every signal at its default action
// and none blocked. The watcher waits for the player and ends as it ended (its exit status;
// a player killed by a signal makes it exit with 128 + that number). When the arcade ends,
// by any means (`kill -9` too), the watcher sees the end of a pipe only the arcade holds
// close and kills the process group: the player and whatever it started. The player itself
// dies with its watcher (PR_SET_PDEATHSIG). Killing the group (`kill(-pid, SIGKILL)`) ends
// them all.
int arcade_player_start(const char *path, char *const argv[], char *const envp[]);

#endif
