"""Loaded by every Python sample a test starts (PYTHONPATH): logs each file under
examples/ that the process runs or imports, to the file SAMPLE_USAGE_LOG names.
tests/support/sample-usage.ts reads the log; see its comment.

With SAMPLE_CLOCK_SPEED set (run-sample.ts, clockSpeed), the sample's waits run
that many times faster: time.sleep() and the timeouts it gives requests take
1/SAMPLE_CLOCK_SPEED of the seconds asked for. What it prints is unchanged.
With SAMPLE_CLOCK_LOG set too, each sleep's seconds, as asked for, are noted in
that file, a line each."""

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

_speed = os.environ.get("SAMPLE_CLOCK_SPEED")

if _speed:
    import time

    import requests.sessions

    _speed = float(_speed)
    _sleep = time.sleep
    _sleep_log = os.environ.get("SAMPLE_CLOCK_LOG")

    def _faster_sleep(seconds):
        if _sleep_log:
            with open(_sleep_log, "a", encoding="utf-8") as log:
                log.write(f"{seconds:g}\n")
        _sleep(seconds / _speed)

    time.sleep = _faster_sleep

    def _faster(timeout):
        if isinstance(timeout, tuple):
            return tuple(None if part is None else part / _speed for part in timeout)
        return None if timeout is None else timeout / _speed

    _request = requests.sessions.Session.request

    def _request_with_faster_timeout(self, method, url, *args, timeout=None, **kwargs):
        return _request(self, method, url, *args, timeout=_faster(timeout), **kwargs)

    requests.sessions.Session.request = _request_with_faster_timeout
