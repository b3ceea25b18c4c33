/// The screen text with every run of blanks and line breaks folded into one space, for
/// matching a message the program wrapped over several lines (narrow terminals).
public func flowed(_ screen: String) -> String {
    screen.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
}
