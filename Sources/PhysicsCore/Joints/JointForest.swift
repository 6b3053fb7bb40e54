/// The joints' solver data, rebuilt or reused step by step from the world's joints: which joints are active, the
/// exact forest (JointTree.swift, PinTree.swift) with the cache that keeps its factorization while the joints and
/// their parameters stay the same, and the rows solved by Gauss–Seidel (PinRow.swift). Kept apart from the world's
/// persistent state (`World.joints` and their handles), which is what the public API reads and writes.
package struct JointForest: Sendable {
    /// Joints with an awake body, rebuilt every step.
    package var activeJoints: [Int32] = []
    package var treeNodes: [JointTreeNode] = []
    package var treeNodeOfBody: [Int32] = []
    package var treeUnion: [Int32] = []
    package var loopJoints: [Int32] = []
    /// The forest was built for these joints, with these flags, at this `World.jointParameterVersion`.
    package var treeCacheJoints: [Int32] = []
    package var treeCacheFlags: [UInt8] = []
    package var treeCacheVersion: UInt64 = .max
    package var treeCacheHasTree = false
    /// Whether the tree's factorization is the velocity one (true inertia, rows at the start of the step).
    package var treeFactoredForVelocity = false
    /// The forest when all its joints are free pins, solved by the specialised code of `PinTree.swift`.
    package var treeIsPin = false
    package var pinNodes: [PinTreeNode] = []
    package var pinJoints: [PinTreeJoint] = []
    /// Lets tests compare the specialised pin solver with the generic one. Default true.
    package var usePinTree = true
    /// Active joints solved by Gauss–Seidel this step (not in the exact forest).
    package var iterativeJoints: [Int32] = []
    /// `iterativeJoints` as solver rows (free pins solved from the row alone).
    package var pinRows: [PinRow] = []
    package var rowScratch = JointRowScratch()

    package init() {}
}
