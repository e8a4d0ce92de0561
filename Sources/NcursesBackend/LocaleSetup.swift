import CNcurses

/// Puts the process in a UTF-8 locale before ncurses starts, so wide characters and line
/// drawing work. Not thread-safe (setlocale never is): call before starting other threads' work.
enum LocaleSetup {
    /// Adopts the user's locale; when that is not UTF-8, falls back to C.UTF-8.
    /// Returns whether the resulting locale is UTF-8.
    @discardableResult
    static func adoptUTF8Locale() -> Bool {
        _ = setlocale(LC_ALL, "")
        if cn_locale_is_utf8() != 0 { return true }
        _ = setlocale(LC_ALL, "C.UTF-8")
        return cn_locale_is_utf8() != 0
    }
}
