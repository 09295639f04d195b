# jobs.sh: job slots for the test scripts that run their cases in
# parallel (sourced after $tmp, their private directory, exists).
#
#   spawn CMD ARGS...   runs CMD in the background, its stdin /dev/null,
#                       at most $jobs at a time; `wait` waits for them all.
#
# A token per processor sits in a pipe: a job takes one before it starts
# and gives it back when it ends, so the next job starts as soon as any one
# ends.  (Batches of $jobs waiting for their slowest member left processors
# idle: a quarter of the conformance test's time on 2 cores.)  The job runs
# in a subshell of its own, so an `exit` in it cannot lose its token.
jobs=$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
case $jobs in '' | *[!0-9]* | 0) jobs=1 ;; esac
mkfifo "$tmp/.job-slots" || exit 2
exec 9<>"$tmp/.job-slots"
job_slot=0
while [ $job_slot -lt "$jobs" ]; do
    echo >&9
    job_slot=$((job_slot + 1))
done
spawn() {
    read -r _ <&9
    {
        ("$@") </dev/null
        echo >&9
    } &
}
