/* memstat.c: the resident set size and its peak, read from
 * /proc/self/status (getrusage gives the peak but not the current size,
 * which shows what a stage released). */
#include "config.h"
#include "support/memstat.h"

#include <stdio.h>

MemStat memstat_now(void)
{
    MemStat m = {0, 0};
    char line[128];
    FILE *f = fopen("/proc/self/status", "r");
    if (!f)
        return m;
    while (fgets(line, sizeof line, f)) {
        unsigned long v;
        if (sscanf(line, "VmRSS: %lu", &v) == 1)
            m.rss_kib = v;
        else if (sscanf(line, "VmHWM: %lu", &v) == 1)
            m.peak_kib = v;
    }
    fclose(f);
    return m;
}
