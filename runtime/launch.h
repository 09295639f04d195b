// launch.h: the blocks of one launch that meet at SYNCALL barriers (see
// launch.cpp).  Not installed.
#ifndef PYPTOCC_LAUNCH_H
#define PYPTOCC_LAUNCH_H

#include <cstdint>
#include <functional>

namespace pyptocc::internal {

struct Launch;

// A launch of `blocks` blocks begins (the orchestration's launch_begin).
Launch *launch_new(int64_t blocks);
// Runs one task of the launch: job runs on the block's own thread until it
// ends or waits at a barrier; blocks released by a barrier run after it.
// A fatal error in a block ends the launch and is rethrown here.
void launch_run(Launch *L, std::function<void()> job);
// The launch ends: every block runs to its end (a block still waiting at a
// barrier that the others left is a fatal error), then L is freed.
void launch_finish(Launch *L);
// Frees L after an error: blocks still waiting are unwound and joined.
void launch_delete(Launch *L);

}  // namespace pyptocc::internal

#endif
