import ArcadeApp
import FoundationEssentials
import Glibc

exit(Arcade.main(arguments: Array(CommandLine.arguments.dropFirst()),
                 environment: ProcessInfo.processInfo.environment))
