"""The type stubs (`sudoku_dlx/__init__.pyi`, `sudoku_dlx/xc.pyi`) keep in step with their
modules: the same public names, and every function and method with the parameters the
module takes."""

import ast
import inspect
from pathlib import Path

import pytest

import sudoku_dlx
from sudoku_dlx import xc

STUBS = Path(sudoku_dlx.__file__).with_name("__init__.pyi")
# Each module with its stub file.
MODULES = [(sudoku_dlx, STUBS), (xc, STUBS.with_name("xc.pyi"))]


def stub_tree(stubs=STUBS):
    return ast.parse(stubs.read_text())


def parameters(function):
    """The parameter names of a stub's function, with * before the keyword-only ones."""
    args = function.args
    names = [a.arg for a in args.posonlyargs + args.args if a.arg != "self"]
    if args.kwonlyargs:
        names += ["*"] + [a.arg for a in args.kwonlyargs]
    return names


def runtime_parameters(item):
    names, star = [], False
    for parameter in inspect.signature(item).parameters.values():
        if parameter.name == "self":
            continue
        if parameter.kind is parameter.KEYWORD_ONLY and not star:
            names.append("*")
            star = True
        names.append(parameter.name)
    return names


@pytest.mark.parametrize("module,stubs", MODULES, ids=["sudoku_dlx", "xc"])
def test_the_stubs_name_every_public_item(module, stubs):
    tree = stub_tree(stubs)
    named = {node.name for node in tree.body if isinstance(node, (ast.FunctionDef, ast.ClassDef))}
    assert named == set(module.__all__)


@pytest.mark.parametrize("module,stubs,least", [(*MODULES[0], 15), (*MODULES[1], 5)], ids=["sudoku_dlx", "xc"])
def test_every_function_and_method_has_the_parameters_of_the_module(module, stubs, least):
    checked = 0
    for node in stub_tree(stubs).body:
        if isinstance(node, ast.FunctionDef):
            # The last of overloads stands for all (they share their parameters).
            assert parameters(node) == runtime_parameters(getattr(module, node.name)), node.name
            checked += 1
        elif isinstance(node, ast.ClassDef) and not issubclass(getattr(module, node.name), BaseException):
            cls = getattr(module, node.name)
            for member in node.body:
                if isinstance(member, ast.FunctionDef) and not member.name.startswith("__"):
                    if member.decorator_list:  # a property: the attribute is there
                        assert hasattr(cls, member.name), f"{node.name}.{member.name}"
                        continue
                    assert parameters(member) == runtime_parameters(getattr(cls, member.name)), f"{node.name}.{member.name}"
                    checked += 1
    assert checked >= least
