/// The deck's pictures scaled to the heights the layout draws them at: value state of the
/// temples screen, made when the frame or the pictures shown change, never while drawing.
///
/// The pictures on screen are kept, and together they are never larger than the pane;
/// copies of pictures scrolled away stay while all of them take at most `byteLimit` bytes.
/// (Keeping a copy per height ever drawn grew with every resize.) A picture with no copy
/// of the height wanted is scaled as it is drawn, and the copy is not kept.
struct ScaledPictures {
    /// The most bytes of scaled pictures kept (8 MiB: two million pixels, more than any pane).
    static let byteLimit = 8 << 20

    /// One picture to keep scaled: its card, its original and the pixel height it is drawn at.
    struct Wanted {
        var id: String
        var original: RGBAImage
        var pixelHeight: Int
    }

    private var copies: [String: RGBAImage] = [:]
    /// The bytes the kept copies take.
    private(set) var byteCount = 0

    /// The kept copy of picture `id` at `pixelHeight`, or nil when there is none of that height.
    func copy(of id: String, pixelHeight: Int) -> RGBAImage? {
        guard let copy = copies[id], copy.height == min(pixelHeight, PictureCells.maximumScaledHeight) else { return nil }
        return copy
    }

    /// `original` (picture `id`) `pixelHeight` pixels high: the kept copy, or one scaled now.
    func picture(_ id: String, _ original: RGBAImage, pixelHeight: Int) -> RGBAImage {
        copy(of: id, pixelHeight: pixelHeight) ?? PictureCells.scaled(original, toHeight: pixelHeight)
    }

    /// Keep `shown` at their heights, scaling those with no copy of that height. The other
    /// copies stay as long as all fit within `byteLimit`; the shown ones come first, and past
    /// the limit only the first of them is kept.
    mutating func keep(_ shown: [Wanted]) {
        var kept: [String: RGBAImage] = [:]
        var bytes = 0
        for wanted in shown where kept[wanted.id] == nil {
            let picture = copy(of: wanted.id, pixelHeight: wanted.pixelHeight)
                ?? PictureCells.scaled(wanted.original, toHeight: wanted.pixelHeight)
            guard kept.isEmpty || bytes + picture.byteCount <= Self.byteLimit else { continue }
            kept[wanted.id] = picture
            bytes += picture.byteCount
        }
        for (id, picture) in copies where kept[id] == nil && bytes + picture.byteCount <= Self.byteLimit {
            kept[id] = picture
            bytes += picture.byteCount
        }
        copies = kept
        byteCount = bytes
    }
}
