import ArcadeUI

/// Prepare the process the way the arcade does before drawing (UTF-8 widths).
///
/// Call at the start of any test that measures or draws glyphs.
public func prepareForDrawing() {
    DisplayWidth.prepareLocale()
}
