"""Table tests share tablekit.py (importlib import mode: put this folder on the path)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
