import ArgumentParser

/// `geokernel completions bash|zsh|fish`: the shell completion script for every command
/// and option, printed for the user to install.
struct CompletionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "completions",
        abstract: "Print the shell completion script (bash, zsh or fish).",
        discussion: """
            Install it where the shell looks for completions, for example: \
            geokernel completions bash > ~/.local/share/bash-completion/completions/geokernel; \
            geokernel completions zsh > ~/.zfunc/_geokernel (with fpath+=~/.zfunc before compinit); \
            geokernel completions fish > ~/.config/fish/completions/geokernel.fish.
            """)

    /// The shells ArgumentParser writes completion scripts for.
    enum Shell: String, CaseInsensitiveChoice {
        case bash, zsh, fish
    }

    @Argument(help: "The shell: bash, zsh or fish.")
    var shell: Shell

    func run() throws {
        let target: CompletionShell = switch shell {
        case .bash: .bash
        case .zsh: .zsh
        case .fish: .fish
        }
        print(GeoKernelCommand.completionScript(for: target), terminator: "")
    }
}
