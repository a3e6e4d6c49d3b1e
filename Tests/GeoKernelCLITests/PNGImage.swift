import CZlibShim
import Foundation

/// A decoded PNG (8-bit RGB or RGBA, not interlaced: what `rsvg-convert` writes), for
/// reading pixels of the `--svg` pictures. Test helper: IDAT chunks joined, inflated with
/// CZlibShim, the five row filters undone. CRCs are not checked.
struct PNGImage {
    struct Failure: Error, CustomStringConvertible { var description: String }

    let width: Int, height: Int
    /// Bytes per pixel: 3 (RGB) or 4 (RGBA).
    let channels: Int
    let pixels: [UInt8]

    init(_ data: [UInt8]) throws {
        guard data.count > 8, Array(data[0..<8]) == [137, 80, 78, 71, 13, 10, 26, 10] else { throw Failure(description: "not a PNG") }
        func u32(_ i: Int) -> Int { Int(data[i]) << 24 | Int(data[i + 1]) << 16 | Int(data[i + 2]) << 8 | Int(data[i + 3]) }
        var i = 8, w = 0, h = 0, colorType = -1
        var idat: [UInt8] = []
        while i + 8 <= data.count {
            let length = u32(i), type = String(decoding: data[i + 4..<i + 8], as: UTF8.self)
            let body = i + 8
            guard body + length <= data.count else { throw Failure(description: "truncated chunk \(type)") }
            switch type {
            case "IHDR":
                w = u32(body); h = u32(body + 4)
                guard data[body + 8] == 8, data[body + 12] == 0 else { throw Failure(description: "only 8-bit, non-interlaced") }
                colorType = Int(data[body + 9])
            case "IDAT": idat += data[body..<body + length]
            default: break
            }
            if type == "IEND" { break }
            i = body + length + 4
        }
        let channels: Int
        switch colorType {
        case 6: channels = 4
        case 2: channels = 3
        default: throw Failure(description: "colour type \(colorType) not supported")
        }
        let stride = w * channels
        var raw = [UInt8](repeating: 0, count: h * (stride + 1))
        var produced = 0
        let status = idat.withUnsafeBufferPointer { src in
            raw.withUnsafeMutableBufferPointer { dst in
                CZlibShim_inflate(src.baseAddress, src.count, dst.baseAddress, dst.count, &produced)
            }
        }
        guard Int(status) == Int(CZlibShim_OK), produced == raw.count else { throw Failure(description: "inflate: status \(status)") }
        var out = [UInt8](repeating: 0, count: h * stride)
        for y in 0..<h {
            let filter = raw[y * (stride + 1)], row = y * (stride + 1) + 1
            for x in 0..<stride {
                let a = x >= channels ? Int(out[y * stride + x - channels]) : 0
                let b = y > 0 ? Int(out[(y - 1) * stride + x]) : 0
                let c = x >= channels && y > 0 ? Int(out[(y - 1) * stride + x - channels]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4:
                    let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: throw Failure(description: "filter \(filter)")
                }
                out[y * stride + x] = UInt8(truncatingIfNeeded: Int(raw[row + x]) + predictor)
            }
        }
        width = w
        height = h
        self.channels = channels
        pixels = out
    }

    /// Red, green, blue (and alpha: 255 for RGB) of the pixel holding the point (x, y).
    func rgba(_ x: Double, _ y: Double) -> (r: Int, g: Int, b: Int, a: Int) {
        let px = min(max(Int(x.rounded(.down)), 0), width - 1), py = min(max(Int(y.rounded(.down)), 0), height - 1)
        let i = (py * width + px) * channels
        return (Int(pixels[i]), Int(pixels[i + 1]), Int(pixels[i + 2]), channels == 4 ? Int(pixels[i + 3]) : 255)
    }
}
