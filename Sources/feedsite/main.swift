#if canImport(Glibc)
import Glibc
#endif

let console = Console.standard()
exit(console.finish(CommandLineInterface.run(Array(CommandLine.arguments.dropFirst()), console: console)).rawValue)
