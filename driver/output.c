/* output.c: atomic output files (see output.h). */
#define _XOPEN_SOURCE 700   /* realpath */
#include "config.h"
#include "driver/output.h"
#include "support/xalloc.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The temporary files of this process (and the directories created for
 * them), for the signal handler and the fatal-exit cleanup.  The table is
 * changed only with the handled signals blocked, so the handler always
 * sees it consistent; the handler only reads it and calls unlink/rmdir. */
typedef struct TmpEntry {
    char *path;
    int dir;
} TmpEntry;
static TmpEntry *tmp_table;
static size_t tmp_cap;
static volatile sig_atomic_t tmp_count;

static const int cleanup_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};

static void block_signals(sigset_t *old)
{
    sigset_t set;
    sigemptyset(&set);
    for (size_t i = 0; i < sizeof cleanup_signals / sizeof cleanup_signals[0]; i++)
        sigaddset(&set, cleanup_signals[i]);
    sigprocmask(SIG_BLOCK, &set, old);
}

static void tmp_register(char *path, int dir)
{
    sigset_t old;
    block_signals(&old);
    if ((size_t)tmp_count == tmp_cap) {
        size_t cap = tmp_cap ? tmp_cap * 2 : 8;
        tmp_table = xrealloc(tmp_table, xmul_size(cap, sizeof *tmp_table));
        tmp_cap = cap;
    }
    tmp_table[tmp_count].path = path;
    tmp_table[tmp_count].dir = dir;
    tmp_count++;
    sigprocmask(SIG_SETMASK, &old, NULL);
}

/* Forget a path (it was renamed into place, or removed). */
static void tmp_unregister(const char *path)
{
    sigset_t old;
    block_signals(&old);
    for (size_t i = 0; i < (size_t)tmp_count; i++)
        if (tmp_table[i].path == path) {
            memmove(&tmp_table[i], &tmp_table[i + 1], ((size_t)tmp_count - i - 1) * sizeof *tmp_table);
            tmp_count--;
            break;
        }
    sigprocmask(SIG_SETMASK, &old, NULL);
}

/* mkstemp(path), the file registered for removal before any signal can
 * see it made and unregistered (a signal between the two would leave it). */
static int make_tmp(char *path)
{
    sigset_t old;
    int fd;
    block_signals(&old);
    fd = mkstemp(path);
    if (fd >= 0)
        tmp_register(path, 0);
    sigprocmask(SIG_SETMASK, &old, NULL);
    return fd;
}

/* Files first, then the directories, newest first. */
static void remove_tmp(void)
{
    size_t n = (size_t)tmp_count;
    tmp_count = 0;
    for (size_t i = n; i-- > 0;)
        if (!tmp_table[i].dir)
            unlink(tmp_table[i].path);
    for (size_t i = n; i-- > 0;)
        if (tmp_table[i].dir)
            rmdir(tmp_table[i].path);
}

static void on_signal(int sig)
{
    remove_tmp();
    signal(sig, SIG_DFL);
    raise(sig);
}

void output_install_cleanup(void)
{
    const int *sigs = cleanup_signals;
    for (size_t i = 0; i < sizeof cleanup_signals / sizeof cleanup_signals[0]; i++) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_signal;
        sigemptyset(&sa.sa_mask);
        sigaction(sigs[i], &sa, NULL);
    }
    /* A closed pipe is reported as a write error, not a silent death. */
    signal(SIGPIPE, SIG_IGN);
    fatal_set_cleanup(remove_tmp);
}

static int is_stdout(const char *target) { return !target || strcmp(target, "-") == 0; }

/* Output that is staged goes to an anonymous file until the commit. */
static int open_stage(Output *o)
{
    o->stage = tmpfile();
    if (!o->stage) {
        fprintf(stderr, "pyptocc: error: cannot create a temporary file: %s\n", strerror(errno));
        return -1;
    }
    o->fp = o->stage;
    return 0;
}

/* Devices, pipes and links to files not yet created are written in place. */
static int open_direct(Output *o, const char *target, int staged)
{
    o->fp = fopen(target, "w");
    o->direct = 1;
    if (!o->fp) {
        fprintf(stderr, "pyptocc: error: cannot open output file '%s': %s\n", target, strerror(errno));
        return -1;
    }
    if (staged) {
        o->direct_fp = o->fp;
        if (open_stage(o) != 0) {
            fclose(o->direct_fp);
            o->direct_fp = NULL;
            return -1;
        }
    }
    return 0;
}

/* Copies the staged output to its destination; 0 or an errno value. */
static int copy_stage(Output *o, FILE *to)
{
    char buf[65536];
    size_t n;
    int err = 0;
    if (fflush(o->stage) != 0 || ferror(o->stage) || fseek(o->stage, 0, SEEK_SET) != 0)
        err = errno ? errno : EIO;
    while (!err && (n = fread(buf, 1, sizeof buf, o->stage)) > 0)
        if (fwrite(buf, 1, n, to) != n)
            err = errno ? errno : EIO;
    if (!err && ferror(o->stage))
        err = errno ? errno : EIO;
    fclose(o->stage);
    o->stage = NULL;
    return err;
}

int output_open(Output *o, const char *target, int staged)
{
    const char *slash;
    size_t dirlen;
    int fd;
    mode_t mask;
    struct stat st;
    memset(o, 0, sizeof *o);
    o->target = target;
    if (is_stdout(target)) {
        if (staged)
            return open_stage(o);
        o->fp = stdout;
        return 0;
    }
    if (stat(target, &st) == 0) {
        if (S_ISDIR(st.st_mode)) {
            fprintf(stderr, "pyptocc: error: cannot write output file '%s': Is a directory\n", target);
            return -1;
        }
        if (!S_ISREG(st.st_mode))   /* -o /dev/null: renaming over it would replace the device */
            return open_direct(o, target, staged);
    }
    /* A symbolic link: replace the file it names, not the link.  A link to
     * a file that does not exist yet is written through directly. */
    if (lstat(target, &st) == 0 && S_ISLNK(st.st_mode)) {
        char *real = realpath(target, NULL);
        if (!real)
            return open_direct(o, target, staged);
        o->resolved = xstrdup(real);
        free(real);
        target = o->resolved;
    }
    slash = strrchr(target, '/');
    dirlen = slash ? (size_t)(slash - target) + 1 : 0;
    o->tmp_path = xmalloc(dirlen + 32);
    memcpy(o->tmp_path, target, dirlen);
    strcpy(o->tmp_path + dirlen, ".pyptocc-tmp-XXXXXX");
    fd = make_tmp(o->tmp_path);
    if (fd < 0) {
        fprintf(stderr, "pyptocc: error: cannot create output file '%s': %s\n", target, strerror(errno));
        xfree(o->tmp_path);
        o->tmp_path = NULL;
        return -1;
    }
    /* mkstemp makes the file 0600; give it the mode a new file would get. */
    mask = umask(0);
    umask(mask);
    fchmod(fd, 0666 & ~mask);
    o->fp = fdopen(fd, "w");
    if (!o->fp) {
        fprintf(stderr, "pyptocc: error: cannot write output file '%s': %s\n", target, strerror(errno));
        close(fd);
        output_abort(o);
        return -1;
    }
    return 0;
}

void output_abort(Output *o)
{
    if (o->stage) {
        fclose(o->stage);
        o->stage = NULL;
        o->fp = o->direct_fp;   /* the device, if any; NULL for standard output */
        o->direct_fp = NULL;
    }
    if (o->direct && o->fp) {
        fclose(o->fp);
        o->fp = NULL;
        return;
    }
    xfree(o->resolved);
    o->resolved = NULL;
    if (o->tmp_path) {
        if (o->fp)
            fclose(o->fp);
        tmp_unregister(o->tmp_path);
        unlink(o->tmp_path);
        xfree(o->tmp_path);
        o->tmp_path = NULL;
    }
    o->fp = NULL;
}

int output_commit(Output *o)
{
    int err = 0;
    if (o->stage) {
        FILE *to = o->direct_fp ? o->direct_fp : stdout;
        err = copy_stage(o, to);
        o->fp = o->direct_fp ? o->direct_fp : stdout;
        o->direct_fp = NULL;
        if (err) {
            if (o->direct) {
                fclose(o->fp);
                o->fp = NULL;
            }
            fprintf(stderr, "pyptocc: error: cannot write %s: %s\n", o->direct ? "output file" : "to standard output",
                    strerror(err));
            return -1;
        }
    }
    if (o->direct) {
        if (fflush(o->fp) != 0 || ferror(o->fp))
            err = errno ? errno : EIO;
        if (fclose(o->fp) != 0 && !err)
            err = errno ? errno : EIO;
        o->fp = NULL;
        if (err)
            fprintf(stderr, "pyptocc: error: cannot write output file '%s': %s\n", o->target, strerror(err));
        return err ? -1 : 0;
    }
    if (is_stdout(o->target)) {
        if (fflush(stdout) != 0 || ferror(stdout)) {
            fprintf(stderr, "pyptocc: error: cannot write to standard output: %s\n", strerror(errno ? errno : EIO));
            return -1;
        }
        return 0;
    }
    if (fflush(o->fp) != 0 || ferror(o->fp))
        err = errno ? errno : EIO;
    if (!err && fsync(fileno(o->fp)) != 0 && errno != EINVAL && errno != EROFS)
        err = errno;
    if (fclose(o->fp) != 0 && !err)
        err = errno ? errno : EIO;
    o->fp = NULL;
    if (!err && rename(o->tmp_path, o->resolved ? o->resolved : o->target) != 0)
        err = errno;
    if (err) {
        fprintf(stderr, "pyptocc: error: cannot write output file '%s': %s\n", o->target, strerror(err));
        unlink(o->tmp_path);
    }
    tmp_unregister(o->tmp_path);
    xfree(o->tmp_path);
    xfree(o->resolved);
    o->tmp_path = NULL;
    o->resolved = NULL;
    return err ? -1 : 0;
}

/* ------------------------------------------------------- sets of files */

/* Creates the missing parent directories of path, registering each (for
 * removal on failure).  0, or -1 with a message printed. */
static int make_parents(const char *path)
{
    char *buf = xstrdup(path);
    int rc = 0;
    for (char *p = buf + 1; *p && rc == 0; p++) {
        struct stat st;
        if (*p != '/')
            continue;
        *p = '\0';
        if (stat(buf, &st) != 0) {
            if (errno != ENOENT || mkdir(buf, 0777) != 0) {
                fprintf(stderr, "pyptocc: error: cannot create directory '%s': %s\n", buf, strerror(errno));
                rc = -1;
            } else {
                tmp_register(xstrdup(buf), 1);
            }
        } else if (!S_ISDIR(st.st_mode)) {
            fprintf(stderr, "pyptocc: error: cannot create directory '%s': %s\n", buf, strerror(ENOTDIR));
            rc = -1;
        }
        *p = '/';
    }
    xfree(buf);
    return rc;
}

/* Writes one temporary file beside target; its path, or NULL (message
 * printed). */
static char *write_tmp(const OutputFile *f)
{
    const char *slash = strrchr(f->path, '/');
    size_t dirlen = slash ? (size_t)(slash - f->path) + 1 : 0;
    char *tmp = xmalloc(dirlen + 32);
    mode_t mask;
    int fd, err = 0;
    size_t done = 0;
    memcpy(tmp, f->path, dirlen);
    strcpy(tmp + dirlen, ".pyptocc-tmp-XXXXXX");
    if ((fd = make_tmp(tmp)) < 0) {
        fprintf(stderr, "pyptocc: error: cannot create output file '%s': %s\n", f->path, strerror(errno));
        xfree(tmp);
        return NULL;
    }
    mask = umask(0);
    umask(mask);
    fchmod(fd, 0666 & ~mask);
    while (done < f->len && !err) {
        ssize_t w = write(fd, f->data + done, f->len - done);
        if (w < 0 && errno != EINTR)
            err = errno;
        else if (w > 0)
            done += (size_t)w;
    }
    if (!err && fsync(fd) != 0 && errno != EINVAL && errno != EROFS)
        err = errno;
    if (close(fd) != 0 && !err)
        err = errno;
    if (err) {
        fprintf(stderr, "pyptocc: error: cannot write output file '%s': %s\n", f->path, strerror(err));
        tmp_unregister(tmp);
        unlink(tmp);
        xfree(tmp);
        return NULL;
    }
    return tmp;
}

/* Removes and forgets every registered file and directory. */
static void discard_all(void)
{
    sigset_t old;
    block_signals(&old);
    for (size_t i = 0; i < (size_t)tmp_count; i++)
        if (!tmp_table[i].dir)
            unlink(tmp_table[i].path);
    for (size_t i = (size_t)tmp_count; i-- > 0;)
        if (tmp_table[i].dir)
            rmdir(tmp_table[i].path);
    for (size_t i = 0; i < (size_t)tmp_count; i++)
        xfree(tmp_table[i].path);
    tmp_count = 0;
    sigprocmask(SIG_SETMASK, &old, NULL);
}

/* Forgets every registered path without removing it (all renamed). */
static void keep_all(void)
{
    sigset_t old;
    block_signals(&old);
    for (size_t i = 0; i < (size_t)tmp_count; i++)
        xfree(tmp_table[i].path);
    tmp_count = 0;
    sigprocmask(SIG_SETMASK, &old, NULL);
}

int output_write_all(const OutputFile *files, size_t n)
{
    char **tmps = xcalloc(n ? n : 1, sizeof *tmps);
    int rc = 0;
    /* No single-file output is open at the same time: the table holds only
     * what this call registers. */
    for (size_t i = 0; i < n && rc == 0; i++) {
        struct stat st;
        if (stat(files[i].path, &st) == 0 && S_ISDIR(st.st_mode)) {
            fprintf(stderr, "pyptocc: error: cannot write output file '%s': Is a directory\n", files[i].path);
            rc = -1;
        } else if (make_parents(files[i].path) != 0 || !(tmps[i] = write_tmp(&files[i]))) {
            rc = -1;
        }
    }
    if (rc != 0) {
        discard_all();
        xfree(tmps);
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        if (rename(tmps[i], files[i].path) != 0) {
            fprintf(stderr, "pyptocc: error: cannot write output file '%s': %s\n", files[i].path, strerror(errno));
            rc = -1;
            break;
        }
        tmp_unregister(tmps[i]);
        xfree(tmps[i]);
        tmps[i] = NULL;
    }
    /* A failed rename leaves the files already renamed (a rename cannot be
     * undone) and removes the rest. */
    if (rc != 0) {
        for (size_t i = 0; i < n; i++)
            if (tmps[i]) {
                tmp_unregister(tmps[i]);
                unlink(tmps[i]);
                xfree(tmps[i]);
            }
    }
    keep_all();
    xfree(tmps);
    return rc;
}
