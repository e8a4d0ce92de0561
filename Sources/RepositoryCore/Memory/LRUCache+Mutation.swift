extension LRUCache {
    /// Stores `value` for `key` as the most recently used entry, then evicts least recently used
    /// entries until both limits hold, calling `evicted` for each one (never for `key` itself,
    /// unless `cost` alone exceeds `costLimit`: then nothing is stored and the old value for
    /// `key`, if any, is removed and reported).
    @inlinable
    public mutating func setValue(
        _ value: Value, forKey key: Key, cost: Int = 1, evicted: (Key, Value) -> Void = { _, _ in }
    ) {
        let cost = max(0, cost)
        guard cost <= costLimit else {
            if let old = removeValue(forKey: key) { evicted(key, old) }
            return
        }
        if let slot = index[key] {
            storedTotalCost += cost - slots[slot].cost
            slots[slot].value = value
            slots[slot].cost = cost
            moveToHead(slot)
        } else {
            let slot = allocate(Slot(key: key, value: value, cost: cost, newer: -1, older: -1))
            index[key] = slot
            storedTotalCost += cost
            linkAtHead(slot)
        }
        while count > countLimit || totalCost > costLimit, tail >= 0, tail != head {
            let victim = tail
            guard let victimKey = slots[victim].key, let victimValue = removeSlot(victim) else { break }
            index[victimKey] = nil
            evicted(victimKey, victimValue)
        }
    }

    /// Removes and returns the value for `key`.
    @inlinable
    @discardableResult
    public mutating func removeValue(forKey key: Key) -> Value? {
        guard let slot = index.removeValue(forKey: key) else { return nil }
        return removeSlot(slot)
    }

    /// Removes everything, keeping the allocated capacity.
    public mutating func removeAll() {
        index.removeAll(keepingCapacity: true)
        slots.removeAll(keepingCapacity: true)
        head = -1
        tail = -1
        free = -1
        storedTotalCost = 0
    }

    // MARK: - List plumbing

    @inlinable
    mutating func allocate(_ slot: Slot) -> Int {
        guard free >= 0 else {
            slots.append(slot)
            return slots.count - 1
        }
        let reused = free
        free = slots[reused].older
        slots[reused] = slot
        return reused
    }

    /// Unlinks `slot`, puts it on the free list and returns its value (the index entry is the caller's).
    @inlinable
    mutating func removeSlot(_ slot: Int) -> Value? {
        unlink(slot)
        storedTotalCost -= slots[slot].cost
        let value = slots[slot].value
        slots[slot] = Slot(key: nil, value: nil, cost: 0, newer: -1, older: free)
        free = slot
        return value
    }

    @inlinable
    mutating func moveToHead(_ slot: Int) {
        guard slot != head else { return }
        unlink(slot)
        linkAtHead(slot)
    }

    @inlinable
    mutating func linkAtHead(_ slot: Int) {
        slots[slot].newer = -1
        slots[slot].older = head
        if head >= 0 { slots[head].newer = slot }
        head = slot
        if tail < 0 { tail = slot }
    }

    @inlinable
    mutating func unlink(_ slot: Int) {
        let newer = slots[slot].newer
        let older = slots[slot].older
        if newer >= 0 { slots[newer].older = older } else { head = older }
        if older >= 0 { slots[older].newer = newer } else { tail = newer }
        slots[slot].newer = -1
        slots[slot].older = -1
    }
}
