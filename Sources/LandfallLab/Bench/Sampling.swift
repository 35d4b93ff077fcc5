/// Runs `load` while `sampler` collects, then stops the sampler and returns what it collected
/// beside the load's result; a load that throws stops the sampler before the error goes on.
func runSampling<Sample: Sendable, Result>(
    _ sampler: Task<[Sample], Never>, during load: () async throws -> Result
) async throws -> (Result, [Sample]) {
    let result: Result
    do {
        result = try await load()
    } catch {
        sampler.cancel()
        _ = await sampler.value
        throw error
    }
    sampler.cancel()
    return (result, await sampler.value)
}
