"""Loaded by every Python sample a test starts (PYTHONPATH): logs each file under
examples/ that the process runs or imports, to the file SAMPLE_USAGE_LOG names.
tests/support/sample-usage.ts reads the log; see its comment."""

import os
import sys

_log = os.environ.get("SAMPLE_USAGE_LOG")
_examples = os.environ.get("SAMPLE_USAGE_EXAMPLES")

if _log and _examples:
    _examples = os.path.join(_examples, "")

    def _record(event, args):
        # "open" is raised for every source file an import reads; "cpython.run_file" for the script itself.
        if event not in ("open", "cpython.run_file") or not args or not isinstance(args[0], str):
            return
        path = os.path.abspath(args[0])
        if path.startswith(_examples):
            with open(_log, "a", encoding="utf-8") as log:
                log.write(f"examples/{os.path.relpath(path, _examples)}\n")

    sys.addaudithook(_record)
