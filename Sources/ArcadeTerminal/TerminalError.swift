import ArcadeUI
import Glibc

/// Why the arcade could not take over the terminal; each message says what to do.
public enum TerminalError: Error, CustomStringConvertible, Equatable {
    /// Standard input or output is not a terminal (a pipe, a file, /dev/null).
    case notATerminal
    /// `TERM` is unset or empty.
    case termNotSet
    /// `TERM` names a terminal type terminfo does not know.
    case unknownTerminal(String)
    /// `TERM` names a terminal that cannot move its cursor (such as `dumb`).
    case cannotMoveCursor(String)
    /// ncurses refused for another reason.
    case cursesFailed(String)
    /// ncurses could not set up the screen of a terminal type terminfo knows: the call that
    /// failed, the type, and the system's reason when there is one to trust (see `screenFailure`).
    case screenFailed(call: String, terminalType: String, reason: String?)

    public var description: String {
        switch self {
        case .notATerminal:
            return "arcade: needs an interactive terminal"
        case .termNotSet:
            return "arcade: TERM is not set; set it to your terminal type (for example TERM=xterm-256color)"
        case .unknownTerminal(let name):
            return "arcade: unknown terminal type '\(name.escapedForMessage())'; try TERM=xterm-256color"
        case .cannotMoveCursor(let name):
            return "arcade: terminal type '\(name.escapedForMessage())' cannot move the cursor, so it cannot show a full screen; "
                + "run the arcade in a terminal emulator (for example TERM=xterm-256color)"
        case .cursesFailed(let call):
            return "arcade: could not start the terminal screen (\(call) failed)"
        case .screenFailed(let call, let type, let reason?):
            return "arcade: could not start the terminal screen: \(reason) (\(call), terminal type '\(type.escapedForMessage())')"
        case .screenFailed(let call, let type, nil):
            return "arcade: could not start the terminal screen: \(call) failed for terminal type '\(type.escapedForMessage())'"
        }
    }

    /// `call` failed for terminal type `type`, with `errorNumber` in errno afterwards.
    ///
    /// ncurses sets errno only where the C library did, and not always then: what it holds
    /// after a failed call may be left from an earlier one (ENOENT from the search for the
    /// terminal's description). Only running out of memory is named as the reason; otherwise
    /// the message says which call failed for which type.
    public static func screenFailure(call: String, terminalType type: String, errorNumber: Int32) -> TerminalError {
        .screenFailed(call: call, terminalType: type,
                      reason: errorNumber == ENOMEM ? String(cString: strerror(errorNumber)) : nil)
    }
}
