import CArcadeShim
import CNcursesw
#if FLOOR_STORE
import CSQLite
#endif
import Glibc

// arcade-floor: the floor arcade-bench holds the arcade against. The smallest honest Swift
// ncurses program of the same kind: a title, a row of ten items with one in reverse video
// (the cursor, moved by the arrow keys), a key line at the bottom; q quits. Nothing else —
// no store (arcade-floor-store, below, adds one), no themes, no colours — so what it costs is
// what Swift + ncurses cost.
//
// `arcade-floor --hello` prints "hello" and exits: the Swift runtime with ncurses' libraries
// loaded (the binary links them). arcade-bench measures the memory goal against the plain
// hello of Tools/Hello instead, and uses this one only where that was not built.
//
// `arcade-floor-store PATH` (this file again, built with FLOOR_STORE and SQLite linked in as
// the arcade links it; Tools/CursesFloorStore) first does the least any program that shows
// what a SQLite file holds must do before its first frame: it opens the file and reads its
// schema (SQLite reads and parses every table, index and trigger at the first statement),
// keeping the connection open as the arcade does, and closes it when q quits. arcade-bench
// runs it on a copy of the arcade's store: the floor of a start that reads that store. A
// binary of its own, so that SQLite's code does not sit among the floor's.

if CommandLine.arguments.dropFirst().first == "--hello" {
    print("hello")
    exit(0)
}

#if FLOOR_STORE
var store: OpaquePointer?
guard CommandLine.arguments.count == 2 else {
    print("usage: arcade-floor-store PATH (a SQLite file)")
    exit(2)
}
let path = CommandLine.arguments[1]
var statement: OpaquePointer?
guard sqlite3_open_v2(path, &store, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK,
      sqlite3_prepare_v2(store, "SELECT count(*) FROM sqlite_schema", -1, &statement, nil) == SQLITE_OK,
      sqlite3_step(statement) == SQLITE_ROW else {
    print("arcade-floor-store: cannot read the SQLite file \(path): " + (store.map { String(cString: sqlite3_errmsg($0)) } ?? "?"))
    exit(1)
}
sqlite3_finalize(statement)
#endif

let itemCount = 10
var selected = 0
var helpShown = false

// The same set-up the arcade does: the locale (so ncursesw writes UTF-8), then curses in
// raw mode, no echo, keypad mode (the arrows arrive as KEY_RIGHT…), no cursor.
_ = setlocale(LC_ALL, "")
guard let screen = initscr() else { exit(1) }
_ = raw()
_ = noecho()
_ = keypad(screen, true)
_ = curs_set(0)

func draw(_ screen: UnsafeMutablePointer<WINDOW>, selected: Int, helpShown: Bool) {
    var rows: Int32 = 0, columns: Int32 = 0
    arcade_getmaxyx(screen, &rows, &columns)
    _ = werase(screen)
    _ = mvwaddstr(screen, 0, 2, "Curses floor")
    for item in 0..<10 {
        // Each item is 8 columns wide: " item 1 " … " item10 ".
        let label = " item" + (item + 1 < 10 ? " " : "") + String(item + 1) + " "
        if item == selected { _ = wattron(screen, Int32(bitPattern: arcade_attr_reverse())) }
        _ = mvwaddstr(screen, 2, Int32(2 + item * 8), label)
        if item == selected { _ = wattroff(screen, Int32(bitPattern: arcade_attr_reverse())) }
    }
    if helpShown { _ = mvwaddstr(screen, 4, 2, "The arrows move the highlight; q quits.") }
    _ = mvwaddstr(screen, rows - 1, 0, "←/→ move   ? help   q quit")
    // erase + redraw everything, and ncurses writes only the cells that changed.
    _ = wrefresh(screen)
}

draw(screen, selected: selected, helpShown: helpShown)
while true {
    let key = wgetch(screen)
    switch key {
    case KEY_RIGHT, KEY_DOWN: selected = (selected + 1) % itemCount
    case KEY_LEFT, KEY_UP: selected = (selected + itemCount - 1) % itemCount
    case Int32(UInt8(ascii: "?")): helpShown.toggle()
    case Int32(UInt8(ascii: "q")), ERR:  // ERR: the terminal is gone
        _ = endwin()
        #if FLOOR_STORE
        sqlite3_close(store)
        #endif
        exit(0)
    default: break  // KEY_RESIZE among them: redrawn below at the new size
    }
    draw(screen, selected: selected, helpShown: helpShown)
}
