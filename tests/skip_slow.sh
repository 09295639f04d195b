# skip_slow.sh: sourced first by the slowest tests (e2e, opt, alloc,
# determinism).  With PYPTOCC_SKIP_SLOW set, as .ci/run sets it for
# distcheck after the README's make check ran them on the same sources,
# the test skips (77).
if [ -n "${PYPTOCC_SKIP_SLOW:-}" ]; then
    echo "SKIP: PYPTOCC_SKIP_SLOW is set (the slowest tests ran in the README's make check)"
    exit 77
fi
