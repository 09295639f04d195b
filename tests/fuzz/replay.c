/* replay.c: a main() for the fuzz targets without libFuzzer, so that
 * `make check` runs their oracles (with any compiler) on the regression
 * inputs under tests/fuzz/regressions and on every test program.
 *
 *   replay_TARGET FILE...   runs the target once per file; a failed oracle
 *                           aborts, as it does under the fuzzer */
#include "config.h"
#include "support/readfile.h"
#include "tests/fuzz/fuzz.h"

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        char msg[512];
        uint32_t len;
        char *text = read_file(argv[i], &len, msg, sizeof msg);
        if (!text) {
            fprintf(stderr, "replay: %s\n", msg);
            return 2;
        }
        LLVMFuzzerTestOneInput((const uint8_t *)text, len);
        xfree(text);
    }
    printf("replay: %d inputs\n", argc - 1);
    return 0;
}
