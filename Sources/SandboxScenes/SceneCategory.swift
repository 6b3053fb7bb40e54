/// The groups of the scene picker. Every scene belongs to exactly one (`SceneDescriptor.category`).
public enum SceneCategory: String, CaseIterable, Hashable, Sendable {
    /// The demos of the seed documents (their snippets are acceptance material): gravity, collision, push…
    case seedDemos = "seed demos"
    /// Scenes after Apple's DynamicsCatalog sample.
    case appleCatalogue = "apple's catalogue"
    /// Field behaviours: one scene per field kind, and the seeds' drag and spring fields.
    case fields
    /// Attachments, springs, snaps and chains.
    case joints
    /// Many bodies and fast impacts: piles, stacks, breaks, every shape (the frame-rate and stability scenes).
    case stress

    /// The title the picker shows ("Seed demos").
    public var title: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

    /// The category of a scene from its `source` when it names none: "fields" → fields, "apple" → Apple's
    /// catalogue, "sandbox" → stress, anything else (the seeds) → seed demos.
    public static func from(source: String) -> SceneCategory {
        switch source {
        case "fields": .fields
        case "apple": .appleCatalogue
        case "sandbox": .stress
        default: .seedDemos
        }
    }
}
