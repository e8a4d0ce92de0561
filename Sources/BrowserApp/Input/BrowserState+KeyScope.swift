extension BrowserState {
    /// Whose keys apply now: the screen on top, and for a list, which list.
    public var keyScope: KeyTable.Scope {
        switch screen {
        case .list: activeList == .character ? .characterList : .entityList
        case .detail: .characterDetail
        case .episode, .location: .entityDetail
        }
    }
}
