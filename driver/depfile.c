/* depfile.c: writes the make rule of -MD (see depfile.h).  Names are
 * quoted for make as GCC quotes them: a space or tab gets a backslash
 * (doubling the backslashes before it), '$' becomes "$$", '#' "\#". */
#include "config.h"

#include <string.h>

#include "driver/depfile.h"
#include "driver/output.h"
#include "support/strbuf.h"
#include "support/xalloc.h"

static void put_quoted(StrBuf *sb, const char *s)
{
    for (size_t i = 0; s[i]; i++) {
        char c = s[i];
        if (c == ' ' || c == '\t') {
            for (size_t j = i; j > 0 && s[j - 1] == '\\'; j--)
                sb_putc(sb, '\\');
            sb_putc(sb, '\\');
        } else if (c == '$') {
            sb_putc(sb, '$');
        } else if (c == '#') {
            sb_putc(sb, '\\');
        }
        sb_putc(sb, c);
    }
}

int depfile_write(const char *path, const DepTarget *targets, size_t ntargets, const char *const *inputs,
                  size_t ninputs, int phony)
{
    StrBuf sb;
    Output out;
    int rc;
    sb_init(&sb);
    for (size_t i = 0; i < ntargets; i++) {
        if (i)
            sb_puts(&sb, " \\\n ");
        if (targets[i].verbatim)
            sb_puts(&sb, targets[i].name);
        else
            put_quoted(&sb, targets[i].name);
    }
    sb_putc(&sb, ':');
    for (size_t i = 0; i < ninputs; i++) {
        sb_puts(&sb, i ? " \\\n " : " ");
        put_quoted(&sb, inputs[i]);
    }
    sb_putc(&sb, '\n');
    for (size_t i = 0; phony && i < ninputs; i++) {
        sb_putc(&sb, '\n');
        put_quoted(&sb, inputs[i]);
        sb_puts(&sb, ":\n");
    }
    rc = output_open(&out, path, 1);
    if (rc == 0) {
        fwrite(sb.data ? sb.data : "", 1, sb.len, out.fp);
        rc = output_commit(&out);
    }
    sb_free(&sb);
    return rc;
}

char *depfile_name(const char *output, const char *output_dir, const char *input, const char *suffix)
{
    const char *base;
    size_t n;
    StrBuf sb;
    char *r;
    if (output_dir) {
        base = output_dir;
        n = strlen(base);
        while (n > 1 && base[n - 1] == '/')   /* "out/" names the directory out */
            n--;
    } else {
        const char *slash, *dot;
        if (output && strcmp(output, "-") != 0) {
            base = output;
        } else {
            /* Like GCC: named after the input, in the current directory. */
            base = strrchr(input, '/') ? strrchr(input, '/') + 1 : input;
        }
        n = strlen(base);
        slash = strrchr(base, '/');
        dot = strrchr(base, '.');
        if (dot && dot != base && (!slash || dot > slash + 1))
            n = (size_t)(dot - base);
    }
    sb_init(&sb);
    sb_put(&sb, base, n);
    sb_puts(&sb, suffix);
    r = xstrndup(sb.data, sb.len);
    sb_free(&sb);
    return r;
}
