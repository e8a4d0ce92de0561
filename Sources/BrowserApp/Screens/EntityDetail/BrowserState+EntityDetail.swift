extension BrowserState {
    /// The open episode or location, when the screen on top is one; setting works as for `detail`.
    var entity: EntityDetailState? {
        get { (screens.last as? EntityDetailScreen)?.detail }
        set {
            guard let newValue, var top = screens.last as? EntityDetailScreen else { return }
            top.detail = newValue
            screens[screens.count - 1] = top
        }
    }
}
