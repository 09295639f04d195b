/* fuzz_lexer.c: libFuzzer target for the scanner and the layout filter
 * (INDENT/DEDENT, bracket pairing, the header comment, literals, the
 * encoding check).  The token stream must end: the filter may not loop. */
#include "config.h"
#include "grammar/parse.h"
#include "lexer/literal.h"
#include "tests/fuzz/fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    SourceFile src;
    DiagEngine diag;
    Interner names;
    uint32_t ntokens = 0;
    if (!text)
        return 0;
    source_init(&src, "fuzz.py", text, (uint32_t)size);
    fuzz_diag(&diag, &src);
    interner_init(&names);
    source_check_encoding(&src, &diag);
    parse_scan_only(&src, &diag, &names, &ntokens);
    /* Every token spans at least one byte, except the layout tokens, of
     * which there are at most two per line plus the final dedents. */
    if (ntokens > 4 * (uint64_t)size + 2 * 102 + 8)
        fuzz_fail("more tokens than the input's bytes allow");
    interner_free(&names);
    diag_free(&diag);
    source_free(&src);
    xfree(text);
    return 0;
}
