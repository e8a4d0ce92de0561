extension KeyedDecodingContainer {
    /// Decodes a string and cleans it with `UntrustedText.sanitize`.
    func sanitizedString(_ key: Key) throws -> String {
        UntrustedText.sanitize(try decode(String.self, forKey: key))
    }

    /// Decodes a string array, cleaning every element.
    func sanitizedStrings(_ key: Key) throws -> [String] {
        try decode([String].self, forKey: key).map(UntrustedText.sanitize)
    }
}
