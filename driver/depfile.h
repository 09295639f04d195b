/* depfile.h: the make rule of -MD/-MF (GCC's dependency output): the
 * files a compilation wrote depend on every file it read, the input and
 * the modules it imported: "TARGETS: INPUT MODULE...", plus "FILE:" for
 * each with -MP so that make does not fail when one is deleted. */
#ifndef PYPTOCC_DEPFILE_H
#define PYPTOCC_DEPFILE_H

#include <stddef.h>

/* One target of the rule: a file name, quoted for make, or (-MT) text
 * taken as it is. */
typedef struct DepTarget {
    const char *name;
    int verbatim;
} DepTarget;

/* Writes the rule to path ("-" or NULL: standard output), atomically
 * (driver/output.h).  inputs are the prerequisites (standard input is
 * none).  Returns 0 or -1 (message printed). */
int depfile_write(const char *path, const DepTarget *targets, size_t ntargets, const char *const *inputs,
                  size_t ninputs, int phony);

/* A name after the output, as GCC names the dependency file: the output
 * (or, without one, the input's name in the current directory) with its
 * suffix replaced by suffix (".d"); for an output directory "DIR" + suffix.
 * Returns an xmalloc'd string. */
char *depfile_name(const char *output, const char *output_dir, const char *input, const char *suffix);

#endif
