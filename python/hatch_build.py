"""Builds the Go core of metricc into the wheel.

The wheel holds three Go programs built from the module that contains this
directory (its parent, where go.mod is): the shared library the package
loads (cmd/libmetricc, -buildmode=c-shared), the same package built as the
worker that forked processes talk to, and the command line (cmd/metricc),
installed as the `metricc` script. Go must be on PATH when a wheel is
built; it is not needed to install or use one.
"""

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class GoBuildHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version, build_data):
        if self.target_name != "wheel":
            return
        if version == "editable":
            raise RuntimeError("metricc: editable installs are not supported; install with `pip install ./python`")
        module = Path(self.root).resolve().parent
        if not (module / "go.mod").is_file():
            raise RuntimeError(
                f"metricc: no go.mod in {module}: the Python package builds from a checkout of metricc "
                "(pip install ./python, pip wheel ./python), not from an sdist"
            )
        go = shutil.which("go")
        if go is None:
            raise RuntimeError(
                "metricc: building the package needs Go (https://go.dev/dl/) on PATH; "
                "a wheel built elsewhere installs without it"
            )
        out = Path(self.root) / "build" / "go"
        out.mkdir(parents=True, exist_ok=True)
        suffix = ".dll" if sys.platform == "win32" else ".dylib" if sys.platform == "darwin" else ".so"
        exe = ".exe" if sys.platform == "win32" else ""
        lib, worker, cli = out / ("libmetricc" + suffix), out / ("metricc-worker" + exe), out / ("metricc" + exe)
        flags = ["-trimpath", "-ldflags=-s -w"]
        # The core gets the command's profile-guided optimization (go build
        # reads a default.pgo only in the main package's own directory).
        core = [*flags, "-pgo=" + str(module / "cmd" / "metricc" / "default.pgo")]
        self._go(go, module, ["build", "-buildmode=c-shared", *core, "-o", str(lib), "./cmd/libmetricc"])
        self._go(go, module, ["build", *core, "-o", str(worker), "./cmd/libmetricc"])
        self._go(go, module, ["build", *flags, "-o", str(cli), "./cmd/metricc"])
        build_data["force_include"][str(lib)] = "metricc/lib/" + lib.name
        build_data["force_include"][str(worker)] = "metricc/lib/" + worker.name
        build_data["shared_scripts"][str(cli)] = cli.name
        # The package has no Python extension (the core is loaded with
        # ctypes), so one wheel serves every Python 3 on this platform.
        build_data["pure_python"] = False
        build_data["tag"] = "py3-none-" + sysconfig.get_platform().replace("-", "_").replace(".", "_")

    def _go(self, go, module, args):
        env = dict(os.environ, CGO_ENABLED="1")
        self.app.display_info("metricc: go " + " ".join(args))
        done = subprocess.run([go, *args], cwd=module, env=env, capture_output=True, text=True)
        if done.returncode != 0 and "VCS" in done.stderr:
            # A checkout without git (or one git refuses): build without
            # the revision that `metricc --version` prints.
            done = subprocess.run([go, args[0], "-buildvcs=false", *args[1:]], cwd=module, env=env, capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"metricc: go {' '.join(args)} failed:\n{done.stderr}")
