"""Native (CPython) adapters for the demo runtime's ports: files, the duckdb package, stores.

Nothing in `demo.runtime` imports this package; the build tools, the dev server and
the tests pick these adapters and pass them in.
"""

from .assets import DirectoryAssets
from .duck import open_native_duck
from .store import DirectoryStore, MemoryStore

__all__ = ["DirectoryAssets", "DirectoryStore", "MemoryStore", "open_native_duck"]
