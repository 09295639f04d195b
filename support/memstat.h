/* memstat.h: the process's memory use, for the per-stage statistics that
 * PYPTOCC_STATS prints (where the compiler's peak memory goes). */
#ifndef PYPTOCC_MEMSTAT_H
#define PYPTOCC_MEMSTAT_H

/* The resident set now and its peak so far, in KiB (Linux: VmRSS and
 * VmHWM of /proc/self/status); 0 where the system does not say. */
typedef struct MemStat {
    unsigned long rss_kib, peak_kib;
} MemStat;

MemStat memstat_now(void);

#endif
