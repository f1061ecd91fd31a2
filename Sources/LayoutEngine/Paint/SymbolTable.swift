/// Interim table until the full SF Symbol map lands (helper-cairo branch replaces this file).
public enum SymbolTable {
    public static func lucideName(for systemName: String) -> String? {
        ["star.fill": "star", "star": "star", "heart.fill": "heart", "heart": "heart", "plus": "plus", "house": "house"][systemName]
    }
}
