# fuzz_frontend: a function whose body prints nothing (only `pass`, or only
# an unused expression) printed with no body at all, which does not read
# back ("expected an indented block after function definition").
import pypto.language as pl

@pl.program
class Before:
    @pl.function
    def main(self):
        pass

    @pl.function
    def unused(self):
        pl.const(0, pl.INT64)
