import LayoutModel

/// Props of one element, decoded once when its op is applied. Each family defines its own type;
/// layout and painting read them with `element.props as? TheirProps`.
public protocol ElementProps: Sendable {}

/// Props of a kind with none (`divider`), or of an unknown kind.
public struct NoProps: ElementProps {}

/// Everything shotter knows about a family of element kinds, in one file per family:
/// how its props decode, what size it reports, where it places its children and how it draws.
/// Adding a kind is adding a family and one line in `ElementRegistry`.
public protocol ElementFamily: Sendable {
    /// The protocol's kind names this family handles.
    static var kindNames: [String] { get }
    /// Prop names the family reads; any other prop is ignored with one warning.
    static func knownProps(kind: String) -> Set<String>
    static func decode(kind: String, _ props: PropReader) throws(PropError) -> any ElementProps
    static func sizeThatFits(_ element: Element, _ proposal: ProposedSize, _ pass: LayoutPass) -> Size
    static func place(_ element: Element, in frame: Rect, proposal: ProposedSize, _ pass: LayoutPass)
    /// After every frame is snapped: lays out the texts the family draws in `frame` (the one
    /// paint receives) with `pass.line` / `pass.lines` and records them as labels or parts.
    static func layOutTexts(_ element: Element, in frame: Rect, _ pass: LayoutPass)
    static func paint(_ element: Element, in frame: Rect, _ painter: inout Painter, _ state: Painter.State)
    /// How the family changes what its subtree inherits (fonts, colors, the stack axis...).
    static func childContext(_ element: Element, _ context: InheritedContext) -> InheritedContext
    /// As a child of the screen: true to be proposed the whole screen and placed at its bottom
    /// edge, so a full-height kind sits at the origin and a sheet's card at the bottom
    /// (navigation stacks, tab views, sheets, alerts); false for the safe area, centered.
    static var fillsScreen: Bool { get }
    /// Whether painting may draw a symbol or a picture (`DisplayItem.symbol`, `.image`), which
    /// need librsvg and gdk-pixbuf: a stream whose kinds never do is rendered without loading
    /// them (`OpStream.mayDrawPictures`). Only a family that draws neither, by itself or
    /// through a helper, says false.
    static var mayDrawPictures: Bool { get }
}

extension ElementFamily {
    /// Leaf kinds place nothing.
    public static func place(_ element: Element, in frame: Rect, proposal: ProposedSize, _ pass: LayoutPass) {}
    /// Most kinds draw no text of their own, or lay it out while placing.
    public static func layOutTexts(_ element: Element, in frame: Rect, _ pass: LayoutPass) {}
    /// Containers draw nothing of their own, only their children.
    public static func paint(_ element: Element, in frame: Rect, _ painter: inout Painter, _ state: Painter.State) {
        painter.paintChildren(of: element, state)
    }
    public static var fillsScreen: Bool { false }
    public static var mayDrawPictures: Bool { true }
    /// Most kinds are not stacks: a Spacer below them is outside any stack.
    public static func childContext(_ element: Element, _ context: InheritedContext) -> InheritedContext {
        var c = context
        c.stackAxis = nil
        return c
    }
}

/// The one dispatch table from kind names to families.
public enum ElementRegistry {
    static let families: [any ElementFamily.Type] = [
        ScreenFamily.self,
        TextFamily.self,
        StackFamily.self, ZStackFamily.self, SpacerFamily.self, DividerFamily.self,
        ButtonFamily.self,
        StyledFamily.self,
        ColorFamily.self, ShapeFamily.self, ImageFamily.self,
        TabViewFamily.self, TabFamily.self,
        SheetFamily.self, AlertFamily.self,
        ToggleFamily.self, TextFieldFamily.self, StepperFamily.self, SliderFamily.self, TextEditorFamily.self,
        GaugeFamily.self, PickerFamily.self, MenuFamily.self, DatePickerFamily.self,
        GridFamily.self, GridRowFamily.self, LazyVGridFamily.self,
        CustomLayoutFamily.self,
        GeometryFamily.self, DecoratedFamily.self, ViewThatFitsFamily.self,
        NavSplitFamily.self,
        ChartFamily.self, ChartItemFamily.self,
        NavStackFamily.self, NavScreenFamily.self, NavLinkFamily.self,
        ToolbarFamily.self, SearchFieldFamily.self,
        ListFamily.self, SectionFamily.self, ListRowFamily.self,
        ScrollViewFamily.self, ContentWrapperFamily.self,
    ]

    static let byName: [String: any ElementFamily.Type] = {
        var table: [String: any ElementFamily.Type] = [:]
        for family in families { for name in family.kindNames { table[name] = family } }
        return table
    }()

    /// The family for a kind; unknown kinds get the placeholder family.
    public static func family(for kind: String) -> any ElementFamily.Type {
        byName[kind] ?? PlaceholderFamily.self
    }

    public static func isKnown(_ kind: String) -> Bool { byName[kind] != nil }

    /// Every kind name the registry knows.
    public static var kindNames: [String] { Array(byName.keys) }
}
