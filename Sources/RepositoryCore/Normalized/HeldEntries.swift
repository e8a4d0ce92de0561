extension Array {
    /// How many elements are not nil, found without copying any element (a copy of an entry
    /// retains every reference its value holds; counting a page of them that way costs more than
    /// the count).
    @inlinable
    package func heldCount<Wrapped>() -> Int where Element == Wrapped? {
        withUnsafeBufferPointer { elements in
            var count = 0
            for index in elements.indices where elements[index] != nil { count += 1 }
            return count
        }
    }

    /// True when the element at `index` is not nil, read without copying it.
    @inlinable
    package func isHeld<Wrapped>(at index: Int) -> Bool where Element == Wrapped? {
        withUnsafeBufferPointer { $0[index] != nil }
    }
}
