#include "CBuildInfo.h"

// Weak: the definition in BuildCommit.c, when scripts/stamp-commit has written one, replaces this at
// link time. A Swift source cannot be optional; a C definition can.
__attribute__((weak)) const char *feedsite_build_commit(void) {
    return "unknown";
}
