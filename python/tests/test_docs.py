"""Every public item has a docstring, every example in them runs as shown, and so does every
```python block of README.md and docs/python.md."""

import doctest
import inspect
import io
import re
import traceback

import pytest

import sudoku_dlx
from sudoku_dlx import xc


def public_objects():
    """The modules and every public function, class and method, by name."""
    yield "sudoku_dlx", sudoku_dlx
    yield "sudoku_dlx._native", sudoku_dlx._native
    yield "sudoku_dlx.xc", xc
    yield "sudoku_dlx._native.xc", sudoku_dlx._native.xc
    for prefix, module in [("", sudoku_dlx), ("xc.", xc)]:
        for name in module.__all__:
            item = getattr(module, name)
            yield prefix + name, item
            if inspect.isclass(item) and not issubclass(item, BaseException):
                for attribute, member in vars(item).items():
                    if not attribute.startswith("_"):
                        yield f"{prefix}{name}.{attribute}", member


@pytest.mark.parametrize("name,item", list(public_objects()), ids=lambda v: v if isinstance(v, str) else "")
def test_every_public_item_has_a_docstring(name, item):
    assert (item.__doc__ or "").strip(), f"{name} has no docstring"


def test_every_docstring_example_runs():
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    globs = {name: getattr(sudoku_dlx, name) for name in sudoku_dlx.__all__}
    globs["sudoku_dlx"] = sudoku_dlx
    globs["xc"] = xc
    # The examples of sudoku_dlx.xc use its names unqualified, as its own module would.
    xc_globs = {**globs, **{name: getattr(xc, name) for name in xc.__all__}}
    examples = 0
    for name, item in public_objects():
        in_xc = name.startswith("xc.") or name.endswith(".xc")
        test = parser.get_doctest(item.__doc__ or "", dict(xc_globs if in_xc else globs), name, None, 0)
        examples += len(test.examples)
        runner.run(test)
    assert examples >= 40, f"only {examples} examples"
    assert runner.failures == 0, f"{runner.failures} docstring examples failed (see above)"


def test_the_functions_of_the_issue_have_examples():
    for name in ["solve", "count", "is_unique", "verdict", "solutions", "solve_many",
                 "generate", "rate", "witness", "redundant", "Solver"]:
        assert ">>>" in getattr(sudoku_dlx, name).__doc__, name


def test_the_examples_of_docs_python_md_run():
    from conftest import REPO

    failures, tried = doctest.testfile(
        str(REPO / "docs" / "python.md"), module_relative=False, optionflags=doctest.ELLIPSIS
    )
    assert tried >= 8 and failures == 0


# The Markdown pages whose ```python blocks run as tests, each block in order on one
# namespace per page (a block may use what an earlier block of its page defined).
PAGES = ["README.md", "docs/python.md"]
# A block that needs more than the package says so in an HTML comment on the line before
# its fence, e.g. `<!-- test: spark -->`; the kinds and the test that runs each kind:
MARKED = {"spark": "test_spark.py::test_the_spark_examples_of_docs_python_md"}


def python_blocks(page):
    """The ```python blocks of `page` (a path from the repository's root), in order, as
    (line of the fence, marker or None, code dedented to the fence)."""
    from conftest import REPO

    lines = (REPO / page).read_text().splitlines()
    blocks, index = [], 0
    while index < len(lines):
        fence = lines[index]
        if fence.strip() == "```python":
            indent = len(fence) - len(fence.lstrip())
            end = next(k for k in range(index + 1, len(lines)) if lines[k].strip() == "```")
            code = "\n".join(line[indent:] for line in lines[index + 1 : end]) + "\n"
            before = next((lines[k].strip() for k in range(index - 1, -1, -1) if lines[k].strip()), "")
            marked = re.fullmatch(r"<!-- test: (\w+) -->", before)
            blocks.append((index + 1, marked.group(1) if marked else None, code))
            index = end
        index += 1
    return blocks


def run_block(code, namespace, name):
    """Runs one block on `namespace`: as doctest examples when it has `>>>` prompts (each
    output checked), else as a script. Returns the failures' report, empty when it ran."""
    if ">>>" in code:
        test = doctest.DocTestParser().get_doctest(code, namespace, name, None, 0)
        report = io.StringIO()
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        runner.run(test, out=report.write, clear_globs=False)
        namespace.update(test.globs)  # the test ran on a copy
        return report.getvalue() if runner.failures else ""
    try:
        exec(compile(code, name, "exec"), namespace)
    except Exception:
        return traceback.format_exc()
    return ""


DOC_BLOCKS = [(page, line, marker) for page in PAGES for line, marker, _ in python_blocks(page)]


@pytest.mark.parametrize("page,line,marker", DOC_BLOCKS, ids=[f"{p}:{n}" for p, n, _ in DOC_BLOCKS])
def test_every_python_block_of_the_readme_and_docs_python_md_runs(page, line, marker, monkeypatch, tmp_path):
    if marker is not None:
        assert marker in MARKED, f"{page}:{line}: unknown marker {marker!r} (known: {sorted(MARKED)})"
        pytest.skip(f"{page}:{line} needs {marker}: {MARKED[marker]} runs it")
    # The blocks before it on its page first (what it may use), then the block itself; in an
    # empty folder, so that a block that wrote a file would write it there.
    monkeypatch.chdir(tmp_path)
    namespace = {"__name__": "__doc_block__"}
    for at, earlier_marker, code in python_blocks(page):
        if at > line:
            break
        if earlier_marker is not None:
            continue
        failed = run_block(code, namespace, f"{page}:{at}")
        assert not failed, f"{page}:{at} fails{' (run before the block at line ' + str(line) + ')' if at < line else ''}:\n{failed}"


def test_the_blocks_are_found():
    # The extraction itself: the README's example, every doctest block and both Spark blocks
    # of python.md.
    readme, python_md = (python_blocks(page) for page in PAGES)
    assert len(readme) >= 1 and "solve_many" in readme[0][2]
    assert len(python_md) >= 7
    assert [marker for _, marker, _ in python_md].count("spark") == 2
    assert all(not code.startswith(" ") for _, _, code in python_md)
