import TrustStore

extension ServiceMetrics {
    /// `devicetrust_storage_operation_duration_seconds`.
    static let storageMetric = "devicetrust_storage_operation_duration_seconds"

    /// `store`, timed into the histogram `devicetrust_storage_operation_duration_seconds`
    /// by `operation` (the ``StoreOperation``, as ``TrustStorage`` names it; never an
    /// argument), declared here with a zero-valued series per operation.
    func timing(_ store: any TrustStorage) -> any TrustStorage {
        var keys: [StoreOperation: Key] = [:]
        for operation in StoreOperation.allCases { keys[operation] = Key(Self.storageMetric, label: ("operation", operation.rawValue)) }
        let series = keys
        describeHistogram(Self.storageMetric, "Storage operations, by operation, in seconds (errors included).")
        declareSeries(StoreOperation.allCases.compactMap { series[$0] })
        return TimedTrustStore(store) { [self] operation, seconds in
            if let key = series[operation] { observe(key, seconds: seconds) }
        }
    }
}
