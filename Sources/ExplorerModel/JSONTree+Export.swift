// The explorer's model speaks in `JSONTree`'s values (`JSONNode`, `JSONParser`): a user of one
// uses the other.
@_exported import JSONTree
