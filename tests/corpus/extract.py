#!/usr/bin/env python3
"""extract.py: cut the programs out of an external PyPTO tree, for corpus counts.

    extract.py SRC_TREE OUT_DIR

Writes one standalone file per program found under SRC_TREE into OUT_DIR
(a development tool: the trees are fetched into the build folder and never
committed, and neither is what this writes):

- a file with a `@pl.jit` function or a `@pl.program` class at module level
  is copied as it is (OUT/NAME.py), with the modules beside it, so that its
  imports resolve as they would for a user;
- every `@pl.program` class, at module level or nested in a function (most
  of a test suite's programs), also becomes OUT/programs/NAME__LINE.py: the
  module's imports, module-level assignments and pl-decorated functions, the
  assignments of the enclosing functions that come before the class
  (dedented), then the class itself; an assignment that reads a name the
  cut leaves behind (a test helper class, a parameter of the enclosing
  test) is left out, as it could not run in Python either;
- a program defined inside `with pytest.raises(...)` (or assertRaises) is
  one the reference refuses: its cut is also listed in OUT/negative.list,
  so that counts can tell refusing it from failing on it;
- a program of a module whose tests run on A5 alone (every
  pytest.mark.platforms marker names only "a5" platforms) starts with the
  line `# pyptocc-flags: --arch=a5`, which tests/corpus/run.sh passes on.

Python's own `ast` does the cutting, so that the count measures pyptocc's
front end and not this script's reading of Python.
"""
import ast
import builtins
import os
import shutil
import sys
import textwrap


def decorated_with(node, names):
    for d in node.decorator_list:
        f = d.func if isinstance(d, ast.Call) else d
        text = ast.unparse(f)
        if text in names:
            return True
    return False


PROGRAM = {"pl.program"}
KERNEL = {"pl.program", "pl.jit", "pl.jit.inline", "pl.jit.incore", "pl.jit.host"}


def segment(lines, node):
    first = min([node.lineno] + [d.lineno for d in node.decorator_list])
    return "".join(lines[first - 1:node.end_lineno])


BUILTINS = set(dir(builtins))


def bound_by(st):
    """The names a kept statement binds at module level."""
    if isinstance(st, ast.Import):
        return {(a.asname or a.name).split(".")[0] for a in st.names}
    if isinstance(st, ast.ImportFrom):
        return {a.asname or a.name for a in st.names}
    if isinstance(st, (ast.FunctionDef, ast.ClassDef)):
        return {st.name}
    targets = st.targets if isinstance(st, ast.Assign) else [st.target]
    return {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}


def reads(st):
    """The free names a statement reads (names its comprehensions and
    lambdas bind are not free)."""
    local = set()
    for n in ast.walk(st):
        if isinstance(n, ast.comprehension):
            local |= {m.id for m in ast.walk(n.target) if isinstance(m, ast.Name)}
        elif isinstance(n, ast.Lambda):
            local |= {a.arg for a in n.args.args + n.args.kwonlyargs}
    return {n.id for n in ast.walk(st) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)} - local


def runnable(st, bound):
    """Whether the cut-out statement can run: every name it reads is bound
    by what is kept before it.  A statement that reads a name the cut left
    behind (a helper class of the test file) would stop the program with a
    NameError in Python too, so it is left out with it."""
    if isinstance(st, (ast.Import, ast.ImportFrom)):
        return True
    if isinstance(st, ast.FunctionDef):
        return True
    value = st.value if isinstance(st, (ast.Assign, ast.AnnAssign)) else st
    return value is None or reads(value) <= bound | BUILTINS


def header(tree, lines):
    """Module-level imports, assignments and pl-decorated functions, in
    order, that can run where they are cut out; and the names they bind."""
    out, bound = [], set()
    for st in tree.body:
        if isinstance(st, (ast.Import, ast.ImportFrom, ast.Assign, ast.AnnAssign)) or (
                isinstance(st, ast.FunctionDef) and any(
                    ast.unparse(d.func if isinstance(d, ast.Call) else d).startswith("pl.")
                    for d in st.decorator_list)):
            if runnable(st, bound):
                out.append("".join(lines[st.lineno - 1:st.end_lineno]))
                bound |= bound_by(st)
    return "".join(out), bound


def expects_error(node):
    """Whether a with statement expects its body to raise (pytest.raises,
    assertRaises): a program defined in it is one the reference refuses."""
    return isinstance(node, ast.With) and any(
        "raises" in ast.unparse(item.context_expr).lower() for item in node.items)


def nested_programs(tree):
    """(class, [enclosing functions], negative) for every @pl.program class;
    negative when the class is defined inside a with that expects an error."""
    found = []

    def walk(node, chain, negative):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef) and decorated_with(child, PROGRAM):
                found.append((child, list(chain), negative))
                continue
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                walk(child, chain + [child], negative)
            else:
                walk(child, chain, negative or expects_error(child))

    walk(tree, [], False)
    return found


def local_assignments(fn, before, lines, bound):
    out = []
    for st in fn.body:
        if st.lineno >= before:
            break
        if isinstance(st, (ast.Assign, ast.AnnAssign)) and runnable(st, bound):
            out.append(textwrap.dedent("".join(lines[st.lineno - 1:st.end_lineno])))
            bound |= bound_by(st)
    return "".join(out)


def a5_only(tree):
    """Whether the module's tests run on A5 alone: each of its
    pytest.mark.platforms markers names only A5 platforms ("a5", "a5sim")."""
    marks = [n for n in ast.walk(tree) if isinstance(n, ast.Call)
             and ast.unparse(n.func).endswith("mark.platforms")]
    return bool(marks) and all(
        a and all(isinstance(x, ast.Constant) and str(x.value).startswith("a5") for x in a)
        for a in (m.args for m in marks))


def main():
    src, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    copied = nested = negatives = 0
    for root, dirs, files in os.walk(src):
        dirs.sort()
        for name in sorted(files):
            if not name.endswith(".py"):
                continue
            path = os.path.join(root, name)
            rel = os.path.relpath(path, src)
            try:
                text = open(path, encoding="utf-8").read()
                tree = ast.parse(text)
            except (SyntaxError, UnicodeDecodeError):
                continue
            lines = text.splitlines(keepends=True)
            stem = rel[:-3].replace(os.sep, "__")
            top = [st for st in tree.body
                   if isinstance(st, (ast.ClassDef, ast.FunctionDef)) and decorated_with(st, KERNEL)]
            if top:
                # The whole file, in a copy of its folder, so that its imports resolve.
                dest = os.path.join(out, "files", os.path.dirname(rel))
                os.makedirs(dest, exist_ok=True)
                for sib in os.listdir(root):
                    s = os.path.join(root, sib)
                    if sib.endswith(".py") and not os.path.exists(os.path.join(dest, sib)):
                        shutil.copy(s, os.path.join(dest, sib))
                    elif os.path.isdir(s) and os.path.exists(os.path.join(s, "__init__.py")):
                        if not os.path.exists(os.path.join(dest, sib)):
                            shutil.copytree(s, os.path.join(dest, sib),
                                            ignore=shutil.ignore_patterns("*.pyc", "__pycache__"))
                with open(os.path.join(out, "files.list"), "a") as f:
                    f.write(os.path.join("files", rel) + "\n")
                copied += 1
            head = None
            arch_a5 = a5_only(tree)
            for cls, chain, negative in nested_programs(tree):
                if head is None:
                    head, head_bound = header(tree, lines)
                bound = set(head_bound)
                body = "".join(local_assignments(fn, cls.lineno, lines, bound) for fn in chain)
                prog = textwrap.dedent(segment(lines, cls))
                os.makedirs(os.path.join(out, "programs"), exist_ok=True)
                cut = os.path.join("programs", "%s__%d.py" % (stem, cls.lineno))
                with open(os.path.join(out, cut), "w") as f:
                    if arch_a5:
                        f.write("# pyptocc-flags: --arch=a5\n")
                    f.write(head + "\n" + body + "\n" + prog)
                if negative:
                    with open(os.path.join(out, "negative.list"), "a") as f:
                        f.write(cut + "\n")
                    negatives += 1
                nested += 1
    print("%s: %d files with module-level kernels, %d programs (%d defined where the test expects an error)"
          % (src, copied, nested, negatives))


if __name__ == "__main__":
    main()
