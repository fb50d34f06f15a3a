/// A parser event, copied out of libyaml so that the rest of the loader never sees C types.
enum YAMLEvent {
    /// A document starts; `marked` when with `---` or directives.
    case documentStart(SourceLocation, marked: Bool, directives: Bool)
    /// A document ends; `marked` when with `...`.
    case documentEnd(marked: Bool)
    case alias(String, SourceLocation)
    case scalar(String, style: YAMLScalar.Style, start: Int?, anchor: String?, tag: String?, SourceLocation)
    case sequenceStart(anchor: String?, tag: String?, SourceLocation)
    case mappingStart(anchor: String?, tag: String?, SourceLocation)
    case collectionEnd
    case other
}
