/// The xterm 256-colour palette's cube (16…231: 16 + 36r + 6g + b over the levels 0, 95, 135,
/// 175, 215, 255) and greys (232…255: 8 + 10n), with nearest-colour lookup. Pure functions.
public enum Palette256 {
    /// The six levels of each cube channel.
    public static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The palette entry nearest to `colour` (squared RGB distance), the nearer of cube and grey.
    public static func nearestIndex(to colour: RGB) -> UInt8 {
        let r = Int(colour.red)
        let g = Int(colour.green)
        let b = Int(colour.blue)
        let (ri, gi, bi) = (cubeStep(r), cubeStep(g), cubeStep(b))
        let cube = (cubeLevels[ri], cubeLevels[gi], cubeLevels[bi])
        let cubeDistance = square(r - cube.0) + square(g - cube.1) + square(b - cube.2)
        let average = (r + g + b) / 3
        let greyStep = max(0, min(23, (average - 3) / 10))
        let grey = 8 + 10 * greyStep
        let greyDistance = square(r - grey) + square(g - grey) + square(b - grey)
        if greyDistance < cubeDistance { return UInt8(232 + greyStep) }
        return UInt8(16 + 36 * ri + 6 * gi + bi)
    }

    /// The colour of palette entry `index` (16…255; the 16 system colours as xterm's defaults).
    public static func colour(of index: UInt8) -> RGB {
        let value = Int(index)
        switch value {
        case 16...231:
            let cube = value - 16
            return RGB(
                UInt8(cubeLevels[cube / 36]), UInt8(cubeLevels[(cube / 6) % 6]), UInt8(cubeLevels[cube % 6]))
        case 232...255:
            let grey = UInt8(8 + 10 * (value - 232))
            return RGB(grey, grey, grey)
        default:
            return systemColours[value]
        }
    }

    /// The nearest of the eight basic colours to `colour` (for terminals with only eight).
    public static func nearestBasic(to colour: RGB) -> TerminalColor {
        let basics: [TerminalColor] = [.black, .red, .green, .yellow, .blue, .magenta, .cyan, .white]
        let distances = (0..<8).map { index in
            let entry = systemColours[index]
            return square(Int(colour.red) - Int(entry.red)) + square(Int(colour.green) - Int(entry.green))
                + square(Int(colour.blue) - Int(entry.blue))
        }
        let best = distances.indices.min { distances[$0] < distances[$1] } ?? 0
        return basics[best]
    }

    private static let systemColours: [RGB] = [
        RGB(0, 0, 0), RGB(205, 0, 0), RGB(0, 205, 0), RGB(205, 205, 0), RGB(0, 0, 238), RGB(205, 0, 205),
        RGB(0, 205, 205), RGB(229, 229, 229), RGB(127, 127, 127), RGB(255, 0, 0), RGB(0, 255, 0),
        RGB(255, 255, 0), RGB(92, 92, 255), RGB(255, 0, 255), RGB(0, 255, 255), RGB(255, 255, 255),
    ]

    private static func cubeStep(_ value: Int) -> Int {
        value < 48 ? 0 : value < 115 ? 1 : (value - 35) / 40
    }

    private static func square(_ value: Int) -> Int { value * value }
}
