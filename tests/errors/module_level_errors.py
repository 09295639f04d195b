# Python's own module-level errors stay errors although the code is not
# compiled.
import pypto.language as pl

return 1
yield 2
break
nonlocal x
await y
f(a=1, 2)
f() = 3
del f()
def h(a=1, b): pass
def k(*, **kw): pass
x = (a as b)
s = b"\xe9t\xc3\xa9" "text"
