/// What one wrk run measured, read from the `WRKJSON` line of ``WrkScript/reportFunction``.
public struct WrkResult: Sendable, Hashable, Codable {
    /// Latencies in microseconds.
    public struct Latency: Sendable, Hashable, Codable {
        public var min: Double
        public var mean: Double
        public var stdev: Double
        public var max: Double
        public var p50: Double
        public var p75: Double
        public var p90: Double
        public var p99: Double
        public var p999: Double

        public init(min: Double, mean: Double, stdev: Double, max: Double, p50: Double, p75: Double, p90: Double, p99: Double, p999: Double)
        {
            self.min = min
            self.mean = mean
            self.stdev = stdev
            self.max = max
            self.p50 = p50
            self.p75 = p75
            self.p90 = p90
            self.p99 = p99
            self.p999 = p999
        }
    }

    /// wrk's error counters.
    public struct Errors: Sendable, Hashable, Codable {
        /// Socket errors.
        public var connect: Int
        public var read: Int
        public var write: Int
        public var timeout: Int
        /// Responses whose status was not 2xx or 3xx.
        public var status: Int

        public init(connect: Int, read: Int, write: Int, timeout: Int, status: Int) {
            self.connect = connect
            self.read = read
            self.write = write
            self.timeout = timeout
            self.status = status
        }

        /// All socket errors together (not ``status``).
        public var socket: Int { connect + read + write + timeout }
    }

    /// Completed requests.
    public var requests: Int
    /// How long wrk ran, in seconds.
    public var durationSeconds: Double
    /// Response bytes read.
    public var bytes: Int
    public var latency: Latency
    public var errors: Errors

    public init(requests: Int, durationSeconds: Double, bytes: Int, latency: Latency, errors: Errors) {
        self.requests = requests
        self.durationSeconds = durationSeconds
        self.bytes = bytes
        self.latency = latency
        self.errors = errors
    }

    /// Completed requests per second.
    public var requestsPerSecond: Double {
        durationSeconds > 0 ? Double(requests) / durationSeconds : 0
    }

    /// Responses that were not 2xx or 3xx.
    public var non2xx3xx: Int { errors.status }
}
