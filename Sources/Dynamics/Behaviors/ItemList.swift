/// An ordered list of distinct items (by identity), as the built-in behaviours keep them.
@MainActor
struct ItemList {
    private(set) var items: [any DynamicItem] = []
    /// Identities of `items`, so membership is O(1) even for thousands of items.
    private var members = Set<ObjectIdentifier>()

    init(_ items: [any DynamicItem] = []) {
        for item in items { insert(item) }
    }

    /// True when `item` (by identity) is in the list.
    func contains(_ item: any DynamicItem) -> Bool { members.contains(ObjectIdentifier(item)) }

    /// Appends `item` unless present; true when it was added.
    @discardableResult
    mutating func insert(_ item: any DynamicItem) -> Bool {
        guard members.insert(ObjectIdentifier(item)).inserted else { return false }
        items.append(item)
        return true
    }

    /// Removes `item`; true when it was present.
    @discardableResult
    mutating func remove(_ item: any DynamicItem) -> Bool {
        guard members.remove(ObjectIdentifier(item)) != nil,
            let i = items.firstIndex(where: { $0 === item })
        else { return false }
        items.remove(at: i)
        return true
    }
}
