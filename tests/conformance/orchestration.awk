# orchestration.awk: the orchestration code and program table of a
# `pyptocc --emit=cpp` translation unit without its kernels (used by
# tests/conformance.test, which links kernels built against pto-isa in their
# place).  Each kernel section, from its "// Kernel Function:" line to the
# closing brace of its kernel_entry function, becomes a declaration of that
# entry function; the include of the tile API and its using-directive go.
# Exit status 1 when no kernel was found.
/^#include <pto\/pto-inst\.hpp>$/ || /^using namespace pto;$/ { next }
/^\/\/ Kernel Function:/ { skip = 1; next }
skip && /^extern "C" AICORE void [A-Za-z_][A-Za-z_0-9]*\(/ {
    name = $0
    sub(/^extern "C" AICORE void /, "", name)
    sub(/\(.*/, "", name)
    entry = 1
    next
}
skip && entry && /^}$/ {
    printf "extern \"C\" void %s(int64_t *args);\n", name
    skip = 0
    entry = 0
    found++
    next
}
skip { next }
{ print }
END { exit !found }
