export const mainHelp = `Akira: a desktop companion app for autonomous coding agents.

Usage:
  akira serve [folder] [--port N] [--host H] [--open]
                          Serve the Akira UI for a folder in the browser
  akira --help            Show this help (akira <command> --help for one command)
  akira --version         Print the version

Coming in later versions: akira run, akira checkpoints.
`;

export const serveHelp = `Usage: akira serve [folder] [--port N] [--host H] [--open]

Serves the Akira UI and its WebSocket for <folder> (default: the current folder).
Prints the URL to open; it carries a token that changes on every launch.

Options:
  --port N   Port to listen on (default: any free port)
  --host H   Interface to bind (default: 127.0.0.1; anything else exposes your files to the network)
  --open     Open the URL in the default browser
`;
