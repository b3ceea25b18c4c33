// The statically linked Swift hello (`make floor` builds it with `swiftc -O -static-stdlib`,
// nothing else): the Swift runtime alone, whose peak RSS arcade-bench --compare measures
// for the memory goal (1.5 times this).
print("hello")
