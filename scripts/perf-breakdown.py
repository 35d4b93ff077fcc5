#!/usr/bin/env python3
"""Where a redirect's CPU goes: reads `perf script` output of a `landfall bench --quick` run and
splits the samples of Landfall's redirect phase and of the bare Hummingbird reference by what is on
their call stacks, then turns the shares into CPU-µs per request with the bench's own figures.

With PostgreSQL, the database's own processes over the same seconds are split as well: their CPU
is on the same two cores, so it is part of what a redirect costs the machine.

Usage: perf script -F pid,time,ip,sym,dso | perf-breakdown.py results.json [sqlite|postgres]
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
            if name in ("landfall", "landfall-reference", "postgres"):
                return name
    return None


def category(sample, categories=CATEGORIES):
    stack = " ".join(sample["stack"])
    for name, markers in categories:
        if any(marker in stack for marker in markers):
            return name
    return OTHER


def cpu_per_request(results, target):
    for row in results["rows"]:
        if row["target"] == target and row["workload"].startswith("redirect"):
            for metric in row["metrics"]:
                if metric["name"] == "CPU/req":
                    return metric["value"]
    return None


def main():
    results = json.load(open(sys.argv[1]))
    every = list(samples(sys.stdin))
    by_process = collections.defaultdict(list)
    for sample in every:
        by_process[sample["pid"]].append(sample)
    programs = {pid: collections.Counter(executable(s) for s in group).most_common(1)[0][0] for pid, group in by_process.items()}
    # The redirect phase: from the first to the last sample of a Landfall server inside the handler.
    redirect = [s for s in every if programs.get(s["pid"]) == "landfall" and any("RedirectController" in f for f in s["stack"])]
    if not redirect:
        sys.exit("no Landfall redirect samples: was perf recording call graphs (-g) of the whole bench run?")
    server = collections.Counter(s["pid"] for s in redirect).most_common(1)[0][0]
    start, end = min(s["time"] for s in redirect if s["pid"] == server), max(s["time"] for s in redirect if s["pid"] == server)
    engine = sys.argv[2] if len(sys.argv) > 2 else "sqlite"
    landfall = [s for s in by_process[server] if start <= s["time"] <= end]
    groups = [
        (f"landfall-{engine}", landfall, CATEGORIES, cpu_per_request(results, f"landfall-{engine}")),
        ("hummingbird-bare", [s for pid, group in by_process.items() if programs[pid] == "landfall-reference" for s in group],
         CATEGORIES, cpu_per_request(results, "hummingbird-bare")),
    ]
    if engine == "postgres":
        # Sampled at the same rate as the server, so its samples per request convert with the server's CPU/req.
        database = [s for pid, group in by_process.items() if programs[pid] == "postgres" for s in group if start <= s["time"] <= end]
        cost = groups[0][3]
        groups.insert(1, ("PostgreSQL processes, same seconds", database, POSTGRES_CATEGORIES,
                          cost * len(database) / len(landfall) if cost and landfall else None))
    for target, chosen, categories, cost in groups:
        counts = collections.Counter(category(s, categories) for s in chosen)
        total = sum(counts.values())
        print(f"\n{target}: {total} samples" + (f", {cost:.0f} CPU-µs per request" if cost else ""))
        for name, count in counts.most_common():
            share = count / total
            micros = f"{share * cost:6.1f} µs" if cost else ""
            print(f"  {100 * share:5.1f}%  {micros}  {name}")

if __name__ == "__main__":
    main()
