# Fuzz finding (10-minute campaign on 8806741): an Opaque function of level
# HOST was taken for a kernel (it holds no tensor op), and the PTO printer
# met its pld.world_size() loop bound.  A function above the chip runs on
# no core: no kernel to emit, located.
import pypto.language as pl
import pypto.language.distributed as pld
import pytest
from pypto import DataType
from pypto.language.parser.diagnostics import InvalidOperationError, ParserSyntaxError
from pypto.pypto_core import ir
_OP_PLD_SYSTEM_WORLD_SIZE = ir.get_op("pld.system.world_size").name


@pl.program
class P:
    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host_orch(self):
        for _ in pl.range(pld.world_size()):  # type: ignore[arg-type]
            pass
        return 0
