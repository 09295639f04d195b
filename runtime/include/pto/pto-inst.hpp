// pto/pto-inst.hpp: pyptocc's CPU implementation of the pto-isa tile API
// (cpp.md 8.2), written from that description and from the rules that
// pto-isa's headers enforce, in our own code.
//
// Storage: every tile is a dense row-major array of Rows x Cols elements at
// its bound byte offset in a simulated on-chip buffer (one per location per
// thread, zero at thread start, the A5 capacities of passes.md 6).  Layouts
// and fractal sizes do not change where elements are stored, but they are
// checked: a Tile, or an intrinsic call, that pto-isa rejects is rejected
// here too, at compile time (pto/pyptocc-checks.hpp lists the rules).  An
// intrinsic works on the valid region of its destination (Rows x Cols
// unless the tile was built with DYNAMIC valid extents); the exceptions are
// named below.  Every intrinsic reads all its sources before it writes its
// destination, so in-place use works.
//
// Fatal runtime errors (a message on stderr; inside pyptocc_run the run
// fails, elsewhere the process exits with status 1): TASSIGN beyond the
// buffer or misaligned for the element type, use of an unbound tile,
// integer division by zero, a GlobalTensor access outside the tensors of
// the running task, a GlobalTensor smaller than the tile.
//
// The parts, each included here in this order:
//   pyptocc-tile.hpp         macros, hooks, pipes, enums, GlobalTensor, Tile, TASSIGN
//   pyptocc-intrin.hpp       views, the all-reads-first store, scalar operations
//   pyptocc-transfer.hpp     TLOAD TSTORE TFILLPAD TMOV TEXTRACT TINSERT TTRANS
//   pyptocc-elementwise.hpp  tile-tile, tile-scalar, unary, TCVT, TCMP(S), TSEL, TEXPANDS
//   pyptocc-reduce.hpp       row/column reductions and broadcasts
//   pyptocc-random.hpp       TRANDOM (the counter-based random generator)
//   pyptocc-gather.hpp       TGATHER (by index, by mask pattern), TSCATTER (both forms), TGATHERB
//   pyptocc-memgather.hpp    MGATHER MSCATTER (by index, from and to global memory)
//   pyptocc-sort.hpp         TSORT32 TMRGSORT
//   pyptocc-matmul.hpp       TMATMUL TMATMUL_ACC TMATMUL_BIAS TGEMV TGEMV_ACC
//   pyptocc-prefetch.hpp     TPREFETCH_ASYNC, its context, session and event
//   pyptocc-pipe.hpp         TPipe TPUSH TPOP TFREE: the cross-core pipe
//   pyptocc-scalar.hpp       an element of global memory from the scalar unit (pto.load_scalar, store_scalar)
// and, included on its own by pto-isa's path, comm/pto_comm_inst.hpp:
// pto::comm::TNOTIFY TWAIT TTEST between ranks.
#ifndef PYPTOCC_PTO_INST_HPP
#define PYPTOCC_PTO_INST_HPP

#include "pto/pyptocc-tile.hpp"
#include "pto/pyptocc-intrin.hpp"
#include "pto/pyptocc-transfer.hpp"
#include "pto/pyptocc-elementwise.hpp"
#include "pto/pyptocc-reduce.hpp"
#include "pto/pyptocc-random.hpp"
#include "pto/pyptocc-gather.hpp"
#include "pto/pyptocc-memgather.hpp"
#include "pto/pyptocc-sort.hpp"
#include "pto/pyptocc-matmul.hpp"
#include "pto/pyptocc-prefetch.hpp"
#include "pto/pyptocc-scalar.hpp"
#include "pto/pyptocc-pipe.hpp"

#endif
