/// A schemathesis hooks module, written beside the run: it counts every request schemathesis sends
/// per operation with its status, which neither its summary nor its reports give without recording
/// each request whole (its event log grows by gigabytes over 1,000 examples per operation).
enum FuzzHooks {
    /// The environment variable that names the file the counts are written to when schemathesis exits.
    static let countsVariable = "LANDFALL_FUZZ_COUNTS"

    static let module = """
        import atexit
        import json
        import os
        import threading

        import schemathesis

        _counts = {}
        _lock = threading.Lock()
        _path = os.environ["\(countsVariable)"]


        @schemathesis.hook
        def after_call(context, case, response):
            status = str(response.status_code)
            with _lock:
                entry = _counts.setdefault(case.operation.label, {"requests": 0, "statuses": {}})
                entry["requests"] += 1
                entry["statuses"][status] = entry["statuses"].get(status, 0) + 1


        @atexit.register
        def _write_counts():
            with _lock:
                text = json.dumps(_counts, sort_keys=True)
            with open(_path, "w") as counts:
                counts.write(text)

        """
}
