"""Every public item has a docstring, and every example in them runs as shown."""

import doctest
import inspect

import pytest

import sudoku_dlx


def public_objects():
    """The module and every public function, class and method, by name."""
    yield "sudoku_dlx", sudoku_dlx
    yield "sudoku_dlx._native", sudoku_dlx._native
    for name in sudoku_dlx.__all__:
        item = getattr(sudoku_dlx, name)
        yield name, item
        if inspect.isclass(item) and not issubclass(item, BaseException):
            for attribute, member in vars(item).items():
                if not attribute.startswith("_"):
                    yield f"{name}.{attribute}", member


@pytest.mark.parametrize("name,item", list(public_objects()), ids=lambda v: v if isinstance(v, str) else "")
def test_every_public_item_has_a_docstring(name, item):
    assert (item.__doc__ or "").strip(), f"{name} has no docstring"


def test_every_docstring_example_runs():
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    globs = {name: getattr(sudoku_dlx, name) for name in sudoku_dlx.__all__}
    globs["sudoku_dlx"] = sudoku_dlx
    examples = 0
    for name, item in public_objects():
        test = parser.get_doctest(item.__doc__ or "", dict(globs), name, None, 0)
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
