/// How a lucide outline becomes the filled form of an SF Symbol (`star.fill`, `checkmark.circle.fill`):
/// lucide has no filled variants, so the closed outline that is the symbol's body is filled and
/// the details drawn inside it (a check, a door, a flap) are cut out of it, as SF Symbols' fill
/// variants look. Indices count the icon file's shape elements in order.
public struct FillRecipe: Hashable, Sendable {
    /// Elements filled (and stroked, so they keep the outline's size).
    public var body: [Int]
    /// Elements cut out of the filled body (their stroke becomes a transparent line).
    public var cutOut: [Int]
    /// Every element is filled when both lists are empty.
    public static let fillAll = FillRecipe(body: [], cutOut: [])
}

public enum FilledGlyphs {
    /// The suffix of a `DisplayItem.symbol` name drawn in its filled form (no lucide file name
    /// has a dot).
    public static let suffix = ".fill"

    /// The lucide icons with a filled form, checked against the installed set by
    /// SymbolDrawingTests. The rest of a `.fill` name draws as its outline.
    public static let recipes: [String: FillRecipe] = [
        "star": .fillAll, "heart": .fillAll, "bookmark": .fillAll, "folder": .fillAll, "flag": .fillAll,
        "square": .fillAll, "circle": .fillAll, "user": .fillAll, "users": .fillAll, "bell": .fillAll,
        "shopping-cart": .fillAll, "message-circle": .fillAll, "cloud": .fillAll,
        "map-pin": FillRecipe(body: [0], cutOut: [1]),
        "camera": FillRecipe(body: [0], cutOut: [1]),
        "house": FillRecipe(body: [1], cutOut: [0]),
        "circle-check": FillRecipe(body: [0], cutOut: [1]),
        "circle-x": FillRecipe(body: [0], cutOut: [1, 2]),
        "circle-plus": FillRecipe(body: [0], cutOut: [1, 2]),
        "circle-minus": FillRecipe(body: [0], cutOut: [1]),
        "info": FillRecipe(body: [0], cutOut: [1, 2]),
        "circle-alert": FillRecipe(body: [0], cutOut: [1, 2]),
        "circle-user": FillRecipe(body: [0], cutOut: [1, 2]),
        "circle-user-round": FillRecipe(body: [2], cutOut: [0, 1]),
        "triangle-alert": FillRecipe(body: [0], cutOut: [1, 2]),
        "mail": FillRecipe(body: [1], cutOut: [0]),
        "settings": FillRecipe(body: [0], cutOut: [1]),
        "trash-2": FillRecipe(body: [2], cutOut: [0, 1]),
        "inbox": FillRecipe(body: [1], cutOut: [0]),
        "tag": FillRecipe(body: [0], cutOut: [1]),
        "shopping-bag": FillRecipe(body: [2], cutOut: [0, 1]),
        "heart-pulse": FillRecipe(body: [0], cutOut: [1]),
    ]
}
