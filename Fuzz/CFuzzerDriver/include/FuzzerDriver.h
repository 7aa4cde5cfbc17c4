#include <stddef.h>
#include <stdint.h>

// libFuzzer's entry point for programs with their own main (compiler-rt, FuzzerInterface.h):
// SwiftPM gives every executable its own main, so primer-fuzz calls the driver from it.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
