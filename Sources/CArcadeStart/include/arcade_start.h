// The command line as the process was given it, kept before Swift starts: the one
// definition is in arcade_start.c, which Swift's standard library calls by itself.
#ifndef ARCADE_START_H
#define ARCADE_START_H
#endif
