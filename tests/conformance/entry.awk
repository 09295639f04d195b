# entry.awk: the kernel_entry function of a per-kernel file of
# `pyptocc --emit=cpp --output-dir`, renamed to ENTRY, and calling FN (the
# function that PTOAS made of the same kernel) where it called pyptocc's
# kernel: the argument unpacking of cpp.md 3 in front of PTOAS's C++ (used by
# tests/conformance.test).  Exit status 1 when there is no such function.
# The runtime hook the entry calls for a prefetching kernel's workspace.
/^extern "C" __gm__ int8_t\* pyptocc_sdma_workspace\(void\);$/ {
    print
    next
}
# NPARAMS, when given, is the number of FN's parameters: a kernel that sets
# up a cross-core pipe takes one more in PTO on A2/A3, the rings' global
# memory, which the CPU passes as nullptr (its simulator keeps the rings).
/^extern "C" AICORE void kernel_entry\(/ {
    print "extern \"C\" AICORE void " ENTRY "(__gm__ int64_t* args) {"
    on = 1
    next
}
on && /^}$/ {
    if (!sub(/^  (::)?[A-Za-z_][A-Za-z_0-9]*\(/, "  ::" FN "(", prev))
        exit 1
    call = prev
    sub(/^[^(]*\(/, "", call)
    sub(/\);$/, "", call)
    nargs = call == "" ? 0 : gsub(/,/, ",", call) + 1
    for (; NPARAMS && nargs < NPARAMS; nargs++)
        sub(/\);$/, (nargs ? ", " : "") "nullptr);", prev)
    print prev
    print "}"
    on = 0
    done = 1
    next
}
on {
    if (have)
        print prev
    prev = $0
    have = 1
}
END { exit !done }
