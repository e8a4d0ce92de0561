import JPEGCodec
import RickAndMortyModel

/// Draws a character's generated portrait: a face whose shape and colours follow its species,
/// eyes and mouth that follow its status, and background, hair and shirt colours drawn from its
/// id and name. Deterministic (the same character always gives the same pixels); pure, thread-safe.
enum AvatarPortrait {
    /// The side of the square image, like the public API's avatars.
    static let side = 300

    /// The portrait's pixels, `side` × `side` (nil only if the sizes disagreed, which they cannot).
    static func pixels(for character: ShowCharacter) -> RGBPixels? {
        let look = Look(character)
        var bytes = [UInt8](repeating: 0, count: side * side * 3)
        bytes.withUnsafeMutableBufferPointer { buffer in
            for y in 0..<side {
                for x in 0..<side {
                    let colour = look.colour(x: Double(x), y: Double(y))
                    let offset = (y * side + x) * 3
                    buffer[offset] = colour.r
                    buffer[offset + 1] = colour.g
                    buffer[offset + 2] = colour.b
                }
            }
        }
        return RGBPixels(width: side, height: side, bytes: bytes)
    }
}

/// One colour of a portrait.
struct PortraitColour: Sendable, Hashable {
    var r: UInt8
    var g: UInt8
    var b: UInt8

    init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }

    /// This colour scaled by `factor` (0…1 darkens).
    func scaled(_ factor: Double) -> PortraitColour {
        func channel(_ value: UInt8) -> UInt8 { UInt8(max(0, min(255, Double(value) * factor))) }
        return PortraitColour(channel(r), channel(g), channel(b))
    }

    /// This colour with its saturation taken away by `amount` (0…1).
    func greyed(_ amount: Double) -> PortraitColour {
        let grey = 0.3 * Double(r) + 0.59 * Double(g) + 0.11 * Double(b)
        func channel(_ value: UInt8) -> UInt8 { UInt8(Double(value) * (1 - amount) + grey * amount) }
        return PortraitColour(channel(r), channel(g), channel(b))
    }
}

/// The parts of a portrait chosen from one character.
private struct Look {
    enum HeadShape { case round, square, tall }

    let background: PortraitColour
    let skin: PortraitColour
    let hair: PortraitColour?
    let shirt: PortraitColour
    let statusBar: PortraitColour
    let head: HeadShape
    let status: CharacterStatus
    let earsAbove: Bool

    init(_ character: ShowCharacter) {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in "\(character.id)|\(character.name)".utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        // FNV's low bits vary little between short names: mix them (SplitMix64's finaliser).
        hash = (hash ^ (hash >> 30)) &* 0xBF58_476D_1CE4_E5B9
        hash = (hash ^ (hash >> 27)) &* 0x94D0_49BB_1331_11EB
        hash ^= hash >> 31
        func pick<T>(_ options: [T], _ shift: UInt64) -> T {
            options[Int((hash >> shift) % UInt64(options.count))]
        }
        let backgrounds = [
            PortraitColour(70, 130, 180), PortraitColour(120, 80, 160), PortraitColour(60, 150, 120),
            PortraitColour(200, 140, 60), PortraitColour(180, 80, 90), PortraitColour(90, 110, 60),
        ]
        let skins = [
            PortraitColour(250, 220, 190), PortraitColour(225, 180, 140), PortraitColour(190, 140, 100),
            PortraitColour(140, 95, 60), PortraitColour(100, 65, 40),
        ]
        let hairs = [
            PortraitColour(200, 220, 240), PortraitColour(90, 60, 30), PortraitColour(240, 200, 80),
            PortraitColour(30, 30, 30), PortraitColour(180, 70, 30),
        ]
        let shirts = [
            PortraitColour(240, 240, 240), PortraitColour(240, 200, 40), PortraitColour(50, 90, 200),
            PortraitColour(200, 50, 50), PortraitColour(60, 160, 80), PortraitColour(150, 150, 150),
        ]
        let species = character.species.lowercased()
        var head = HeadShape.round
        var skin = pick(skins, 8)
        var hair: PortraitColour? = pick(hairs, 16)
        var ears = false
        switch species {
        case "alien":
            skin = PortraitColour(120, 200, 90)
            head = .tall
            hair = nil
        case "robot":
            skin = PortraitColour(170, 175, 185)
            head = .square
            hair = nil
        case "humanoid": skin = PortraitColour(170, 130, 200)
        case "animal":
            skin = PortraitColour(150, 110, 70)
            ears = true
        case "mythological creature": skin = PortraitColour(240, 150, 60)
        case "cronenberg": skin = PortraitColour(230, 140, 160)
        case "poopybutthole":
            skin = PortraitColour(240, 210, 90)
            hair = nil
        case "disease": skin = PortraitColour(200, 60, 60)
        case "human": break
        default: skin = PortraitColour(130, 150, 190)
        }
        let greyness = character.status == .dead ? 0.7 : 0
        self.background = pick(backgrounds, 0).greyed(greyness)
        self.skin = skin.greyed(greyness / 2)
        self.hair = hair?.greyed(greyness / 2)
        self.shirt = pick(shirts, 24).greyed(greyness)
        self.head = head
        self.status = character.status
        self.earsAbove = ears
        self.statusBar =
            switch character.status {
            case .alive: PortraitColour(60, 200, 60)
            case .dead: PortraitColour(200, 40, 40)
            case .unknown: PortraitColour(150, 150, 150)
            }
    }

    private static let eyeWhite = PortraitColour(250, 250, 250)
    private static let ink = PortraitColour(25, 25, 30)
    private static let centreX = 150.0
    private static let centreY = 135.0

    /// The colour at pixel (x, y): the topmost shape there.
    func colour(x: Double, y: Double) -> PortraitColour {
        if y >= 284 { return statusBar }
        // Shoulders and shirt.
        if y > 225, abs(x - Self.centreX) < 120 - max(0, 250 - y) * 0.6 { return shirt }
        let dx = x - Self.centreX
        let dy = y - Self.centreY
        if earsAbove, ear(dx: dx, dy: dy) { return skin.scaled(0.8) }
        guard inHead(dx: dx, dy: dy) else { return background.scaled(1.0 - y / 900) }
        if let hair, dy < -45 - abs(dx) * 0.15 { return hair }
        if let feature = face(dx: dx, dy: dy) { return feature }
        return skin.scaled(1.0 - (dx * dx + dy * dy) / 60_000)
    }

    private func inHead(dx: Double, dy: Double) -> Bool {
        switch head {
        case .round: dx * dx + dy * dy < 85 * 85
        case .square: abs(dx) < 78 && abs(dy) < 82
        case .tall: dx * dx / (70 * 70) + dy * dy / (100 * 100) < 1
        }
    }

    private func ear(dx: Double, dy: Double) -> Bool {
        let left = (dx + 60) * (dx + 60) + (dy + 80) * (dy + 80) < 28 * 28
        let right = (dx - 60) * (dx - 60) + (dy + 80) * (dy + 80) < 28 * 28
        return left || right
    }

    /// Eyes and mouth, or nil where the skin shows.
    private func face(dx: Double, dy: Double) -> PortraitColour? {
        for eyeX in [-32.0, 32.0] {
            let ex = dx - eyeX
            let ey = dy + 12
            switch status {
            case .dead:
                if abs(ex) < 16, abs(ey) < 16, abs(abs(ex) - abs(ey)) < 4 { return Self.ink }
            case .alive, .unknown:
                let radius = status == .unknown && eyeX > 0 ? 22.0 : 17.0
                let distance = ex * ex + ey * ey
                if distance < 7 * 7 { return Self.ink }
                if distance < radius * radius { return Self.eyeWhite }
            }
        }
        let my = dy - 42
        switch status {
        case .alive:
            // A smile: the lower part of a ring.
            let distance = (dx * dx + (my + 20) * (my + 20)).squareRoot()
            if my > -8, abs(distance - 30) < 4 { return Self.ink }
        case .dead:
            if abs(my) < 3, abs(dx) < 28 { return Self.ink }
        case .unknown:
            let distance = (dx * dx + my * my).squareRoot()
            if abs(distance - 11) < 3.5 { return Self.ink }
        }
        return nil
    }
}
