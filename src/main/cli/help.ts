export const mainHelp = `Akira: a desktop companion app for autonomous coding agents.

Usage:
  akira serve [folder] [--port N] [--host H] [--open]
                          Serve the Akira UI for a folder in the browser
  akira checkpoints list|show|diff|restore|create [--workspace DIR] [--json]
                          Browse, compare, take and restore checkpoints of a folder
  akira --help            Show this help (akira <command> --help for one command)
  akira --version         Print the version

Coming in a later version: akira run.
`;

export const serveHelp = `Usage: akira serve [folder] [--port N] [--host H] [--open]

Serves the Akira UI and its WebSocket for <folder> (default: the current folder).
Prints the URL to open; it carries a token that changes on every launch.

Options:
  --port N   Port to listen on (default: any free port)
  --host H   Interface to bind (default: 127.0.0.1; anything else exposes your files to the network)
  --open     Open the URL in the default browser
`;

export const checkpointsHelp = `Usage: akira checkpoints <command> [options]

Checkpoints are snapshots of every file in the workspace (except what .gitignore files exclude,
node_modules, build outputs and caches, .git, .akira, and files over the size limit, which are listed
as skipped). They live in a store in Akira's data folder, outside the workspace; your own .git is
never touched. A restore first checkpoints the current state, so every restore can be undone.

Commands:
  create [-m|--message LABEL]        Take a checkpoint now
  list [--limit N] [--offset N]      Checkpoints, newest first (a table on a terminal, tab-separated
                                     lines otherwise: id, time, origin, files, +lines, -lines, label)
  show <id> [--patch]                One checkpoint and the files it changed since the previous one
  diff <from> [<to>|now] [--patch] [-- PATH...]
                                     Files changed between two checkpoints, or a checkpoint and now
                                     (default); --patch adds a unified diff of the text files
  restore <id> [--file PATH]... [--yes] [--dry-run]
                                     Show what a restore changes (files modified, created, deleted,
                                     conflicts), ask, then restore (only --file paths when given).
                                     Without a terminal to ask on, --yes is required.

Ids: a full id, a unique prefix of at least 4 characters, or "latest".

Options (every command):
  --workspace DIR   The workspace folder (default: the current folder)
  --json            Print the command's result as JSON (restore: {"preview", "restore"});
                    errors as {"error": {"code", "message"}}
  -h, --help        Show this help

Exit status: 0 done, 1 failed (e.g. no such checkpoint, restore cancelled), 2 bad usage.
`;
