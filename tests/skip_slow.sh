# skip_slow.sh: sourced first by the slowest tests (e2e, opt, alloc,
# determinism).  PYPTOCC_SKIP_SLOW names the ones to skip (77): "1" (or
# "all") every one, as .ci/run sets it for distcheck after the README's
# make check ran them on the same sources; else a list of their names,
# as .ci/run skips opt under the sanitizers (see there).
case " ${PYPTOCC_SKIP_SLOW:-} " in
"  ") ;;
" 1 " | " all " | *" $(basename "$0" .test) "*)
    echo "SKIP: PYPTOCC_SKIP_SLOW=$PYPTOCC_SKIP_SLOW (the slowest tests ran in the README's make check)"
    exit 77
    ;;
esac
