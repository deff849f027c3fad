"""archon installs under a distribution name of its own, and says one version everywhere."""

from __future__ import annotations

import subprocess
import sys
from importlib import metadata

from conftest import REPO

import archon


def test_the_distribution_is_archon_vtes_not_the_unrelated_archon_of_the_public_index():
    # 'archon' on the public index is a 2017 websocket framework: 'pip install -U archon'
    # would replace the tool with it. The command and the import stay 'archon'.
    dist = metadata.distribution("archon-vtes")
    assert dist.version == archon.__version__
    assert "archon = archon.cli:main" in (dist.read_text("entry_points.txt") or "")
    assert dist.metadata["License-Expression"] == "MIT" or "MIT" in (dist.metadata["License"] or "")
    assert (REPO / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")


def test_archon_and_python_dash_m_archon_say_the_same_version():
    typed = subprocess.run(["archon", "--version"], capture_output=True, text=True, check=True)
    module = subprocess.run([sys.executable, "-m", "archon", "--version"], capture_output=True, text=True, check=True)
    assert typed.stdout == module.stdout == f"archon, version {archon.__version__}\n"
