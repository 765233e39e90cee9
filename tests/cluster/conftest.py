import sys
from pathlib import Path

# the cluster harness, and the server tests' room harness (clients, free ports)
sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent / "server"))
