// Before the arcade's Swift code runs: `arcade_start` is called by main.swift.
#ifndef ARCADE_START_H
#define ARCADE_START_H

// Run `body` (the arcade) once the process is fit to: standard input, output and error
// hold a descriptor each, SIGXFSZ is ignored, and the stack is large enough whatever
// `ulimit -s` says. Returns what `body` returns, or 1 after a message when it could not
// be run at all.
int arcade_start(int (*body)(void));

#endif
