import Testing
import LayoutEngine
import LayoutModel

/// The fonts warming sets up before layout (`OpStream.likelyFonts`): the body font, then the
/// fonts styles name, the most named first, resolved as layout resolves them.
struct LikelyFontsTests {
    static let lines = [
        #"{"id":1,"kind":"text","op":"create","props":{"text":"Plain"}}"#,
        #"{"id":2,"kind":"styled","op":"create","props":{"style":{"font":{"textStyle":"caption"}}}}"#,
        #"{"id":3,"kind":"styled","op":"create","props":{"style":{"font":{"textStyle":"headline"}}}}"#,
        #"{"id":4,"kind":"styled","op":"create","props":{"style":{"font":{"textStyle":"headline"},"lineLimit":1}}}"#,
        #"{"id":5,"kind":"styled","op":"create","props":{"style":{"font":{"size":64,"weight":"semibold","design":"rounded"}}}}"#,
        #"{"id":5,"op":"update","props":{"style":{"font":{"textStyle":"body"}}}}"#,
        #"{"id":6,"kind":"styled","op":"create","props":{"style":{"font":"not an object"}}}"#,
        #"{"id":1,"index":0,"op":"insert","parent":0}"#,
        #"{"op":"commit"}"#,
    ]

    func fonts(_ environment: RenderEnvironment, limit: Int = 8) throws -> [ResolvedFont] {
        let stream = try OpStream(file: "fonts.jsonl", bytes: Array(Self.lines.joined(separator: "\n").utf8))
        return stream.likelyFonts(in: environment, limit: limit)
    }

    @Test func bodyFirstThenTheMostNamed() throws {
        let resolved = try fonts(RenderEnvironment(device: Device.named("iphone15pro")!))
        #expect(resolved == [
            ResolvedFont(size: 17, lineHeight: 22),
            ResolvedFont(size: 17, lineHeight: 22, weight: .semibold),
            ResolvedFont(size: 12, lineHeight: 16),
            ResolvedFont(size: 64, lineHeight: DynamicTypeTable.lineHeight(forPointSize: 64), weight: .semibold, design: .rounded),
        ])
        #expect(try self.fonts(RenderEnvironment(device: Device.named("iphone15pro")!), limit: 2).count == 2)
    }

    @Test func atTheEnvironmentsSizeAndUnderBoldText() throws {
        var environment = RenderEnvironment(device: Device.named("iphone15pro")!, dynamicTypeSize: .accessibility3)
        environment.legibilityWeight = .bold
        let resolved = try fonts(environment)
        #expect(resolved.map(\.size) == [40, 40, 32, 64])
        #expect(resolved.allSatisfy { $0.boldText })
        #expect(OpStream.bodyFont(in: environment) == resolved[0])
    }
}
