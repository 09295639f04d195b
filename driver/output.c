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

/* The one temporary file of this process, for the signal handler. */
static volatile sig_atomic_t have_tmp;
static char tmp_for_signal[4096];

static void remove_tmp(void)
{
    if (have_tmp) {
        have_tmp = 0;
        unlink(tmp_for_signal);
    }
}

static void on_signal(int sig)
{
    remove_tmp();
    signal(sig, SIG_DFL);
    raise(sig);
}

void output_install_cleanup(void)
{
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
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
    if (dirlen + 32 > sizeof tmp_for_signal) {
        fprintf(stderr, "pyptocc: error: output path is too long: %s\n", target);
        return -1;
    }
    o->tmp_path = xmalloc(dirlen + 32);
    memcpy(o->tmp_path, target, dirlen);
    strcpy(o->tmp_path + dirlen, ".pyptocc-tmp-XXXXXX");
    fd = mkstemp(o->tmp_path);
    if (fd < 0) {
        fprintf(stderr, "pyptocc: error: cannot create output file '%s': %s\n", target, strerror(errno));
        xfree(o->tmp_path);
        o->tmp_path = NULL;
        return -1;
    }
    memcpy(tmp_for_signal, o->tmp_path, strlen(o->tmp_path) + 1);
    have_tmp = 1;
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
        unlink(o->tmp_path);
        have_tmp = 0;
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
    have_tmp = 0;
    xfree(o->tmp_path);
    xfree(o->resolved);
    o->tmp_path = NULL;
    o->resolved = NULL;
    return err ? -1 : 0;
}
