extension BrowserState {
    /// The open character, when the screen on top is a character's detail. Setting it replaces
    /// that detail; setting nil, or setting while another screen is on top, changes nothing.
    var detail: CharacterDetailState? {
        get { (screens.last as? CharacterDetailScreen)?.detail }
        set {
            guard let newValue, var top = screens.last as? CharacterDetailScreen else { return }
            top.detail = newValue
            screens[screens.count - 1] = top
        }
    }
}
