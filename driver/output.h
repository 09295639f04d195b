/* output.h: writing the result so that a failed or interrupted compilation
 * never leaves a partial or altered output file.
 *
 * The result is written to a temporary file in the target's directory and
 * renamed over the target only when everything succeeded; on an error, a
 * signal, out-of-memory or an internal error the temporary file is removed
 * and the target is untouched.  A target that is a device or a pipe
 * (-o /dev/null) is written directly; a symbolic link is followed. */
#ifndef PYPTOCC_OUTPUT_H
#define PYPTOCC_OUTPUT_H

#include <stdio.h>

typedef struct Output {
    const char *target;      /* NULL or "-" for standard output */
    char *tmp_path;          /* the temporary file, while open */
    char *resolved;          /* the file a symbolic link target names */
    int direct;              /* a device or pipe, written in place */
    FILE *stage;             /* staged output for standard output or a device */
    FILE *direct_fp;         /* the device, while output is staged */
    FILE *fp;
} Output;

/* Opens the output (creates the temporary file); 0, or -1 with a message
 * printed.  With staged set, output for standard output or a device goes
 * to an anonymous temporary file first and is copied there on commit, so
 * an output that fails half-way writes nothing at all. */
int output_open(Output *o, const char *target, int staged);
/* Completes: flush, close, rename.  Returns 0 or -1 (message printed). */
int output_commit(Output *o);
/* Abandons: close and remove the temporary file. */
void output_abort(Output *o);

/* Installs the signal handlers and the fatal-exit cleanup that remove the
 * temporary files. */
void output_install_cleanup(void);

/* One file of a set written all or nothing. */
typedef struct OutputFile {
    const char *path;
    const char *data;
    size_t len;
} OutputFile;

/* Writes every file (--output-dir): the missing directories are created,
 * each file is written to a temporary file beside its target, and the
 * temporary files are renamed over their targets only when all of them
 * were written completely.  On a failure, or a signal before the renames,
 * every temporary file and every directory created here is removed, so no
 * new or partial file is left.  Returns 0 or -1 (message printed). */
int output_write_all(const OutputFile *files, size_t n);

#endif
