# An empty program prints its class body as "pass", which reads back.
# pypto.program: Foo
import pypto.language as pl
