"""The type stubs (`sudoku_dlx/__init__.pyi`) keep in step with the module: the same public
names, and every function and method with the parameters the module takes."""

import ast
import inspect
from pathlib import Path

import sudoku_dlx

STUBS = Path(sudoku_dlx.__file__).with_name("__init__.pyi")


def stub_tree():
    return ast.parse(STUBS.read_text())


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


def test_the_stubs_name_every_public_item():
    tree = stub_tree()
    named = {node.name for node in tree.body if isinstance(node, (ast.FunctionDef, ast.ClassDef))}
    assert named == set(sudoku_dlx.__all__)


def test_every_function_and_method_has_the_parameters_of_the_module():
    checked = 0
    for node in stub_tree().body:
        if isinstance(node, ast.FunctionDef):
            # The last of overloads stands for all (they share their parameters).
            assert parameters(node) == runtime_parameters(getattr(sudoku_dlx, node.name)), node.name
            checked += 1
        elif isinstance(node, ast.ClassDef) and not issubclass(getattr(sudoku_dlx, node.name), BaseException):
            cls = getattr(sudoku_dlx, node.name)
            for member in node.body:
                if isinstance(member, ast.FunctionDef) and not member.name.startswith("__"):
                    if member.decorator_list:  # a property: the attribute is there
                        assert hasattr(cls, member.name), f"{node.name}.{member.name}"
                        continue
                    assert parameters(member) == runtime_parameters(getattr(cls, member.name)), f"{node.name}.{member.name}"
                    checked += 1
    assert checked >= 15
