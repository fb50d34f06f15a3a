#if canImport(Glibc)
import Glibc
#endif

let console = Console.standard()
exit(CommandLineInterface.run(Array(CommandLine.arguments.dropFirst()), console: console).rawValue)
