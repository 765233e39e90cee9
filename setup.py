"""Build hook for the optional compiled hand engine; the project itself is in pyproject.toml.

A plain `pip install` (and so `make venv`) builds nothing: pure Python, no compiler needed.
With POKERROOM_COMPILE=1 (`make compiled`), mypyc compiles the modules listed in
pokerroom/core/compiled.py into C extensions, which Python then imports before the .py files.
"""

import os
import runpy

from setuptools import setup

ext_modules = []
if os.environ.get("POKERROOM_COMPILE") == "1":
    from mypyc.build import mypycify

    listed = runpy.run_path("src/pokerroom/core/compiled.py")["COMPILED"]
    ext_modules = mypycify([f"src/{name.replace('.', '/')}.py" for name in listed], opt_level="3")

setup(ext_modules=ext_modules)
