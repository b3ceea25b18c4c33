import ArcadeUI
import TempleModel

/// Where the learn mode's parts go: the counts and buttons on the top row, the message line,
/// and the question's box under them — the asked picture at the left with the choices or
/// the typed name beside it, or (asking a picture) the name over up to four pictures in a row.
///
/// Built from the frame and the learn state; drawing and clicks use the same value.
struct TempleLearnLayout {
    var buttons: ActionButtons<TempleScreen.Action>
    var buttonRow: Rect
    var header: Rect, message: Rect
    /// The question's box, and the space inside it.
    var body: Rect, inner: Rect
    /// The asked picture's frame and its pixel height (picture → name, place or typed name).
    var picture: Rect?
    var pictureHeight = 0
    /// The rows of the choices offered in words, the line of a typed name.
    var choiceRows: [Rect] = []
    var field: Rect?
    /// The pictures offered (name → picture): their frames, pixel heights and the line under each.
    var choicePictures: [Rect] = []
    var choiceHeights: [Int] = []
    var choiceLabels: [Rect] = []
    /// The name asked for, over the pictures offered.
    var askedName: Rect?

    /// The tallest the asked picture is drawn, in rows inside its frame.
    static let largestPictureRows = 16

    init(frame: Frame, learn: TempleLearn, picture original: (String) -> RGBAImage?) {
        let size = frame.size
        let choices: [(Button, TempleScreen.Action)]
        if learn.isOver {
            choices = [(Button(learn.session.counts.due + learn.session.counts.new > 0 ? "Learn more" : "Practise",
                               hotKey: .enter), .learn(.again)),
                       (Button("Match", hotKey: .character("m")), .leaveLearn(.match))]
        } else {
            choices = [(Button("Match", hotKey: learn.isTyping ? nil : .character("m")), .leaveLearn(.match)),
                       (Button("Study", hotKey: learn.isTyping ? nil : .character("s")), .leaveLearn(.study))]
        }
        buttons = ActionButtons(choices, spacing: 1, alignment: .right)
        (buttonRow, header, message, body) = TempleLayout.bands(of: size, buttonsWidth: buttons.row.width)
        inner = Box.inner(of: body)
        guard !learn.isOver, let question = learn.question else { return }
        if question.kind == .nameToPicture {
            layOutPictureChoices(question, original: original)
        } else {
            layOutAskedPicture(question, original: original(question.card.id))
        }
    }

    /// The asked picture at the left, as large as fits in under half the width; the choices
    /// (or the typed name) beside it.
    private mutating func layOutAskedPicture(_ question: LearnQuestion, original: RGBAImage?) {
        let rows = min(Self.largestPictureRows, inner.height - 2)
        let maxWidth = max(1, inner.width * 9 / 20 - 2)
        if let original, rows > 0 {
            pictureHeight = PictureCells.fittedHeight(width: original.width, height: original.height, rows: rows,
                                                      maxWidth: maxWidth)
        }
        let cells = original.map { PictureCells.scaledWidth(width: $0.width, height: $0.height, toHeight: pictureHeight) } ?? 0
        let frameSize = Size(width: max(cells, 8) + 2, height: max((pictureHeight + 1) / 2, 4) + 2)
        let frame = Rect(x: inner.x + 1, y: inner.y + max(0, (inner.height - frameSize.height) / 2),
                         width: min(frameSize.width, inner.width), height: min(frameSize.height, inner.height))
        picture = frame
        let x = frame.maxX + 3
        let width = max(0, inner.maxX - x)
        if question.kind == .typedName {
            field = Rect(x: x, y: inner.y + max(0, inner.height / 2 - 1), width: width, height: 1)
            return
        }
        let count = question.choices.count
        let step = inner.height >= 2 * count + 1 ? 2 : 1
        let top = inner.y + max(0, (inner.height - step * count) / 2)
        choiceRows = (0..<count).map { Rect(x: x, y: top + $0 * step, width: width, height: 1) }
    }

    /// Rows under each picture offered: its number, then (once answered) its name on two.
    static let choiceLabelRows = 3

    /// The name on the first line; the pictures offered in a row under it, each in an equal
    /// share of the width and framed to its own size (the frames one height, the tallest
    /// picture's), with rows under each for its number and, once answered, its name.
    private mutating func layOutPictureChoices(_ question: LearnQuestion, original: (String) -> RGBAImage?) {
        askedName = Rect(x: inner.x + 1, y: inner.y, width: max(0, inner.width - 2), height: 1)
        let count = max(1, question.choices.count)
        let gap = 2
        let slot = max(4, (inner.width - 2 - gap * (count - 1)) / count)
        let rows = max(1, min(Self.largestPictureRows, inner.height - 4 - Self.choiceLabelRows))
        choiceHeights = question.choices.map { choice in
            original(choice.id).map {
                PictureCells.fittedHeight(width: $0.width, height: $0.height, rows: rows, maxWidth: slot - 2)
            } ?? 0
        }
        let frameHeight = max(3, (choiceHeights.max() ?? 0) + 1) / 2 + 2
        let top = inner.y + 2 + max(0, (inner.height - 2 - frameHeight - Self.choiceLabelRows) / 2)
        for (index, choice) in question.choices.enumerated() {
            let height = choiceHeights[index]
            let cells = original(choice.id).map { PictureCells.scaledWidth(width: $0.width, height: $0.height, toHeight: height) } ?? 0
            let width = min(slot, max(cells, 4) + 2)
            let x = inner.x + 1 + index * (slot + gap) + (slot - width) / 2
            choicePictures.append(Rect(x: x, y: top, width: width, height: frameHeight))
            choiceLabels.append(Rect(x: inner.x + 1 + index * (slot + gap), y: top + frameHeight,
                                     width: slot, height: min(Self.choiceLabelRows, max(1, inner.maxY - top - frameHeight))))
        }
    }

    /// The choice a click at `point` picks: a row of words or a picture with its label.
    func choice(at point: Point) -> Int? {
        if let row = choiceRows.firstIndex(where: { $0.contains(point) }) { return row }
        for (index, frame) in choicePictures.enumerated() {
            let label = choiceLabels[index]
            if frame.contains(point) || label.contains(point) { return index }
        }
        return nil
    }
}
