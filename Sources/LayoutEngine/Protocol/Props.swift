/// Prop decoding for a kind through its family: unknown props warn once, wrong types throw.
enum PropsDecoder {
    static func decode(kind: String, family: any ElementFamily.Type, json: JSON,
                       diagnostics: Diagnostics) throws(PropError) -> any ElementProps {
        let reader = try PropReader(json, path: kind, diagnostics: diagnostics)
        if ObjectIdentifier(family) != ObjectIdentifier(PlaceholderFamily.self) {
            reader.warnUnknown(family.knownProps(kind: kind), what: "\(kind) prop")
        }
        return try family.decode(kind: kind, reader)
    }
}
