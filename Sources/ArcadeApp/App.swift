import ArcadeUI
