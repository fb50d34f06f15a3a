#ifndef FEEDSITE_BUILD_INFO_H
#define FEEDSITE_BUILD_INFO_H

/// The commit feedsite was built from: what scripts/stamp-commit wrote into BuildCommit.c (ignored by
/// git), or "unknown" when there is no such file (a build straight from a clone or a plain tarball).
const char *feedsite_build_commit(void);

#endif
