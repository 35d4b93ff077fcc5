#!/usr/bin/env python3
"""Where a redirect's or an event's CPU goes: reads `perf script` output of a `landfall-lab bench --quick`
run and splits the samples of Landfall's redirect (or durable events) phase, and of the bare
Hummingbird reference, by what is on their call stacks, then turns the shares into CPU-µs per
request with the bench's own figures.

With PostgreSQL, the database's own processes over the same seconds are split as well: their CPU
is on the same two cores, so it is part of what a request costs the machine. For events, the load
generator's and the idle CPU over those seconds are printed too: they bound what the server can get.

Usage: perf script -F pid,time,ip,sym,dso | perf-breakdown.py results.json [sqlite|postgres] [redirect|events]
"""
import collections
import json
import sys

# First match wins, in this order: a sample of the writer thread is click writing whatever else
# its stack shows, and the HTTP layer is what is left of a request once Landfall's parts are named.
CATEGORIES = [
    ("click batches on the SQLite writer thread", ["NIOThreadPool"]),
    ("click batches: PostgreSQL arrays encoded", ["InsertClicks", "PostgresNullableArray"]),
    ("link lookup on a cache miss (database read, row and JSON decoding)",
     ["SQLiteInlineReader", "LinkLookup", "LinksByCode", "decodeLink", "JSONDecoder", "LinkContent"]),
    ("PostgreSQL client (postgres-nio wire protocol, connection pool)", ["PostgresNIO", "ConnectionPoolModule"]),
    ("user agent (memoised parse)", ["UserAgent", "HeaderMemo"]),
    ("click capture (record, identifiers, token, buffer)", ["ClickRecorder", "ClickRecord", "SecretGenerator"]),
    ("redirect planning and destination URL", ["RedirectPlan", "DestinationURL", "LinkService"]),
    ("metrics", ["ServerMetrics", "MetricsController"]),
    ("link cache hits", ["ExpiringCache"]),
    ("rest of the redirect handler", ["RedirectController", "ErrorMiddleware", "LandfallRequestContext"]),
    ("HTTP: NIO, Hummingbird, sockets", ["NIOPosix", "NIOCore", "NIOHTTP", "Hummingbird", "HTTPTypes", "llhttp"]),
    ("task scheduling (Swift concurrency)", ["swift_job_run", "swift_task", "_dispatch"]),
]
OTHER = "other (interrupts, allocator, kernel)"

# A durable event (POST /api/sdk/v1/event), by the same first-match rule.
EVENT_CATEGORIES = [
    ("event inserts on the SQLite writer thread (statement, WAL, fsync)", ["NIOThreadPool"]),
    ("event inserts: PostgreSQL arrays encoded", ["InsertEvents", "PostgresNullableArray"]),
    ("click statistics catch-up (clicks of the previous phase)", ["SQLStorageC6clicks5after", "ClickStatistics"]),
    ("PostgreSQL client (postgres-nio wire protocol, connection pool)", ["PostgresNIO", "ConnectionPoolModule"]),
    ("SQLite reads and commit on the request's thread", ["SQLite", "sqlite3"]),
    ("request body decoded (plain JSON reader, or JSONDecoder)", ["RequestDecoding", "PlainJSON", "EventRequestV", "JSONValue"]),
    ("revenue read from the properties", ["EventServiceV7revenue", "RevenueAmount"]),
    ("properties written as compact JSON", ["compactJSON"]),
    ("install lookup (cache)", ["EventServiceV7install", "ExpiringCache"]),
    ("group commit queue", ["EventWriter"]),
    ("webhooks (subscription check)", ["Webhook"]),
    ("response encoded (JSONEncoder)", ["JSONResponse", "JSONEncoder"]),
    ("rest of the event handler", ["SDKController", "EventService", "ErrorMiddleware", "LandfallRequestContext"]),
    ("HTTP: NIO, Hummingbird, sockets", ["NIOPosix", "NIOCore", "NIOHTTP", "Hummingbird", "HTTPTypes", "llhttp"]),
    ("task scheduling (Swift concurrency)", ["swift_job_run", "swift_task", "_dispatch"]),
]

WORKLOADS = {
    # workload: (a frame only that workload's handler has, the rows' workload prefix, categories)
    "redirect": ("RedirectController", "redirect", CATEGORIES),
    "events": ("SDKController", "events", EVENT_CATEGORIES),
}

# PostgreSQL's server processes, by the function on the stack (the same first-match rule).
POSTGRES_CATEGORIES = [
    ("background: checkpointer, WAL writer, autovacuum", ["CheckpointerMain", "WalWriterMain", "BackgroundWriterMain", "AutoVacWorkerMain", "AutoVacLauncherMain"]),
    ("click inserts: index entries", ["ExecInsertIndexTuples", "btinsert", "_bt_doinsert"]),
    ("click inserts: heap rows", ["heap_insert", "heap_multi_insert", "ExecInsert"]),
    ("click inserts: unnest of the arrays", ["array_recv", "array_in", "ExecFunctionScan", "ExecMakeTableFunctionResult"]),
    ("commit: WAL records and flush", ["XLogInsert", "XLogFlush", "XLogWrite", "CommitTransaction", "issue_xlog_fsync"]),
    ("parse, bind, plan", ["exec_parse_message", "exec_bind_message", "pg_plan_queries", "raw_parser", "parse_analyze"]),
    ("link reads: executor and index scans", ["ExecutorRun", "ExecScan", "IndexNext", "index_getnext"]),
    ("wire: sockets and protocol", ["secure_read", "secure_write", "pq_recvbuf", "pq_flush", "pq_getbyte", "internal_flush"]),
]


def samples(stream):
    current = None
    for line in stream:
        if not line.strip():
            if current:
                yield current
            current = None
        elif not line.startswith("\t"):
            fields = line.split()
            current = {"pid": int(fields[0]), "time": float(fields[1].rstrip(":")), "stack": []}
        elif current is not None:
            current["stack"].append(line.strip())
    if current:
        yield current


def executable(sample):
    for frame in sample["stack"]:
        if "(/" in frame:
            name = frame[frame.rfind("(") + 1:-1].rsplit("/", 1)[-1]
            if name in ("landfall", "landfall-lab", "landfall-reference", "postgres"):
                return name
    return None


def process_name(sample, server, programs):
    if sample["pid"] == server:
        return "landfall server"
    if sample["pid"] == 0:
        return "idle"
    if programs.get(sample["pid"]):
        return programs[sample["pid"]]
    names = [frame[frame.rfind("(") + 1:-1].rsplit("/", 1)[-1] for frame in sample["stack"] if "(/" in frame]
    # wrk's Lua runs in LuaJIT; its threads start in libc.
    return "wrk" if any("luajit" in name or name == "wrk" for name in names) else (names[-1] if names else "kernel")


def server_cores(results, engine):
    """The events server's cores over the phase: CPU-µs per event times events a second."""
    cores = []
    for row in results["rows"]:
        if row["target"] == f"landfall-{engine}" and row["workload"].startswith("events"):
            metrics = {metric["name"]: metric["value"] for metric in row["metrics"]}
            if metrics.get("CPU/req") and metrics.get("events/s"):
                cores.append(metrics["CPU/req"] * metrics["events/s"] / 1_000_000)
    return sum(cores) / len(cores) if cores else None


def category(sample, categories=CATEGORIES):
    stack = " ".join(sample["stack"])
    for name, markers in categories:
        if any(marker in stack for marker in markers):
            return name
    return OTHER


def cpu_per_request(results, target, workload="redirect"):
    """The mean over the rows of `workload` (plain and revenue events share one server and phase)."""
    values = [metric["value"] for row in results["rows"] if row["target"] == target and row["workload"].startswith(workload)
              for metric in row["metrics"] if metric["name"] == "CPU/req" and metric["value"] is not None]
    return sum(values) / len(values) if values else None


def main():
    results = json.load(open(sys.argv[1]))
    engine = sys.argv[2] if len(sys.argv) > 2 else "sqlite"
    workload = sys.argv[3] if len(sys.argv) > 3 else "redirect"
    marker, prefix, categories = WORKLOADS[workload]
    every = list(samples(sys.stdin))
    by_process = collections.defaultdict(list)
    for sample in every:
        by_process[sample["pid"]].append(sample)
    programs = {pid: collections.Counter(executable(s) for s in group).most_common(1)[0][0] for pid, group in by_process.items()}
    # The phase: from the first to the last sample of a Landfall server inside the workload's handler.
    handled = [s for s in every if programs.get(s["pid"]) == "landfall" and any(marker in f for f in s["stack"])]
    if not handled:
        sys.exit(f"no Landfall {workload} samples: was perf recording call graphs (-g) of the whole bench run?")
    server = collections.Counter(s["pid"] for s in handled).most_common(1)[0][0]
    start, end = min(s["time"] for s in handled if s["pid"] == server), max(s["time"] for s in handled if s["pid"] == server)
    landfall = [s for s in by_process[server] if start <= s["time"] <= end]
    cost = cpu_per_request(results, f"landfall-{engine}", prefix)
    groups = [(f"landfall-{engine} {workload}", landfall, categories, cost)]
    if workload == "redirect":
        groups.append(("hummingbird-bare", [s for pid, group in by_process.items() if programs[pid] == "landfall-reference" for s in group],
                       CATEGORIES, cpu_per_request(results, "hummingbird-bare")))
    if engine == "postgres":
        # Sampled at the same rate as the server, so its samples per request convert with the server's CPU/req.
        database = [s for pid, group in by_process.items() if programs[pid] == "postgres" for s in group if start <= s["time"] <= end]
        names = [(name.replace("click inserts", "event inserts") if workload == "events" else name, markers) for name, markers in POSTGRES_CATEGORIES]
        groups.insert(1, ("PostgreSQL processes, same seconds", database, names, cost * len(database) / len(landfall) if cost and landfall else None))
    for target, chosen, chosen_categories, per_request in groups:
        counts = collections.Counter(category(s, chosen_categories) for s in chosen)
        total = sum(counts.values())
        print(f"\n{target}: {total} samples" + (f", {per_request:.0f} CPU-µs per request" if per_request else ""))
        for name, count in counts.most_common():
            share = count / total
            micros = f"{share * per_request:6.1f} µs" if per_request else ""
            print(f"  {100 * share:5.1f}%  {micros}  {name}")
    if workload == "events":
        # Every process over the phase, in cores: what the load generator takes, and whether any was idle.
        seconds = end - start
        print(f"\nall processes over the {seconds:.1f} s of the phase, in cores (perf's sample rate taken from the server's samples)")
        usage = collections.Counter()
        for s in every:
            if start <= s["time"] <= end:
                usage[process_name(s, server, programs)] += 1
        hertz = len(landfall) / seconds / (server_cores(results, engine) or 1)
        for name, count in usage.most_common():
            print(f"  {count / seconds / hertz:5.2f}  {name}")


if __name__ == "__main__":
    main()
