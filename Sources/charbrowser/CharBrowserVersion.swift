/// The version `charbrowser --version` prints.
enum CharBrowserVersion {
    static let text = "charbrowser 0.17.0"
}
