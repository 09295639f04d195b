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
/^extern "C" AICORE void kernel_entry\(/ {
    print "extern \"C\" AICORE void " ENTRY "(__gm__ int64_t* args) {"
    on = 1
    next
}
on && /^}$/ {
    if (!sub(/^  (::)?[A-Za-z_][A-Za-z_0-9]*\(/, "  ::" FN "(", prev))
        exit 1
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
