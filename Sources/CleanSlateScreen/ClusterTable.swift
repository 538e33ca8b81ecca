/// Grapheme clusters (a base character followed by combining marks, ZWJ or variation selectors)
/// that do not fit in one scalar, kept aside so that ordinary cells stay 16 bytes.
///
/// Identical clusters share one entry. The table is bounded: when it reaches ``capacity`` the
/// emulator compacts it, keeping only the entries still referenced by a cell.
struct ClusterTable {
    /// The most scalars kept in one cluster; further marks are dropped (the cell is already unreadable).
    static let maximumScalars = 16
    /// The number of entries that first triggers compaction.
    static let capacity = 4096
    /// The number of entries that triggers the next compaction: twice what the last one kept, at least ``capacity``,
    /// so that a screen full of distinct clusters does not compact on every mark.
    private var compactionThreshold = ClusterTable.capacity

    private(set) var clusters: [[UInt32]] = []
    private var indexByCluster: [[UInt32]: UInt32] = [:]

    /// The scalars of the cell's text.
    func scalars(of code: UInt32) -> [UInt32] {
        if code & Cell.clusterFlag != 0 { return clusters[Int(code & ~Cell.clusterFlag)] }
        return [code == 0 ? 0x20 : code]
    }

    /// The code of a cell holding `code`'s text followed by `scalar`.
    mutating func appending(_ scalar: UInt32, to code: UInt32) -> UInt32 {
        var combined = scalars(of: code)
        guard combined.count < ClusterTable.maximumScalars else { return code }
        combined.append(scalar)
        if let index = indexByCluster[combined] { return Cell.clusterFlag | index }
        let index = UInt32(clusters.count)
        clusters.append(combined)
        indexByCluster[combined] = index
        return Cell.clusterFlag | index
    }

    /// Whether the table is full and should be compacted.
    var needsCompaction: Bool { clusters.count >= compactionThreshold }

    /// Keeps only the entries in `used` (a flag per entry) and returns the renumbering: old index → new code.
    mutating func compact(keeping used: [Bool]) -> [UInt32] {
        var renumbered = [UInt32](repeating: 0x20, count: clusters.count)
        var kept: [[UInt32]] = []
        indexByCluster.removeAll(keepingCapacity: true)
        for (index, cluster) in clusters.enumerated() where used[index] {
            let newIndex = UInt32(kept.count)
            kept.append(cluster)
            indexByCluster[cluster] = newIndex
            renumbered[index] = Cell.clusterFlag | newIndex
        }
        clusters = kept
        compactionThreshold = max(ClusterTable.capacity, 2 * kept.count)
        return renumbered
    }

    /// Forgets every cluster.
    mutating func removeAll() {
        clusters.removeAll()
        indexByCluster.removeAll()
    }
}
