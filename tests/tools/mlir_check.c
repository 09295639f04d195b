/* mlir_check.c: the PTO MLIR checks of mlir_lint.c on files
 * (tests/pto.test).
 *
 *     mlir_check FILE...        (- for standard input)
 *
 * Problems are printed as FILE:LINE: message; the exit status is 1 when
 * any file has a problem, 2 when a file cannot be read. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlir_lint.h"

static int check_file(const char *name)
{
    FILE *f = strcmp(name, "-") == 0 ? stdin : fopen(name, "r");
    char *text = NULL;
    size_t len = 0, cap = 0, n;
    int bad;
    if (!f) {
        perror(name);
        return 2;
    }
    do {
        if (len + 4096 > cap) {
            cap = cap ? 2 * cap : 65536;
            text = realloc(text, cap);
            if (!text) {
                perror("mlir_check");
                exit(2);
            }
        }
        n = fread(text + len, 1, cap - len, f);
        len += n;
    } while (n > 0);
    bad = ferror(f) ? 2 : mlir_lint_text(name, text, len, stderr) != 0;
    if (bad == 2)
        perror(name);
    if (f != stdin)
        fclose(f);
    free(text);
    return bad;
}

int main(int argc, char **argv)
{
    int bad = 0;
    if (argc < 2) {
        fprintf(stderr, "usage: mlir_check FILE...\n");
        return 2;
    }
    for (int i = 1; i < argc; i++) {
        int r = check_file(argv[i]);
        bad = r > bad ? r : bad;
    }
    return bad;
}
