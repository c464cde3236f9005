export const mainHelp = `Akira: a desktop companion app for autonomous coding agents.

Usage:
  akira serve [folder] [--port N] [--host H] [--open] [--token-file FILE] [--headless]
                          Serve the Akira UI and the HTTP API for a folder
  akira run --task "…" [--workspace DIR] [--mode M] [--model M] [--base-url URL] [--yes] [--json]
          [--image FILE]  Run an agent session on a task (plan, execute, verify) without the UI
  akira run --tasks FILE [--only ID,…] [--from ID] [--yes] [--json]
                          Run a spec's tasks.md: each open task is judged, run, verified and ticked
  akira run --resume <sessionId>
                          Resume a paused or interrupted session
  akira run --worktree …  Run the session in its own git worktree (branch akira/<id>); your tree is
                          untouched until you merge it
  akira sessions list|show|merge|discard [ID] [--workspace DIR] [--json] [--yes]
                          List the sessions of a folder, show one, merge or discard a worktree session
  akira checkpoints list|show|diff|restore|create|prune [--workspace DIR] [--json]
                          Browse, compare, take, restore and prune checkpoints of a folder
  akira --help            Show this help (akira <command> --help for one command)
  akira --version         Print the version
`;

export const serveHelp = `Usage: akira serve [folder] [--port N] [--host H] [--open] [--token-file FILE] [--headless]

Serves the Akira UI, its WebSocket (/ws) and the HTTP API (/api/) for <folder> (default: the current
folder). Prints the URL to open; it carries a token that changes on every launch (unless --token-file).

Options:
  --port N           Port to listen on (default: any free port)
  --host H           Interface to bind (default: 127.0.0.1; anything else exposes your files to the network)
  --open             Open the URL in the default browser
  --token-file FILE  A stable token for scripts: read from FILE (only you may read it: chmod 600), or, when
                     FILE is missing, a new random one is written there with mode 0600 (its folder must exist)
  --headless         Serve only the HTTP API and the WebSocket, no UI (for servers and CI)

HTTP API: POST /api/<command> with the params as JSON (Content-Type: application/json) answers
{"result": …} or {"error": {"code", "message"}}; GET /api/events streams every event (Server-Sent Events,
resumable with Last-Event-ID); GET /api/openapi.json describes it all. Send the token as
Authorization: Bearer <token> or ?token=<token>.
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
  prune [--dry-run]                  Remove the checkpoints older than the retention (never the
                                     newest one); --dry-run lists them and removes nothing

Retention: the setting checkpoints.retentionDays (a whole number from 1 to 3650, default 90) in
the global settings.json (in Akira's data folder) or the workspace's .akira/settings.json, e.g.
{"checkpoints": {"retentionDays": 30}}. A workspace can only lengthen it (a shorter value there
is not applied). Older checkpoints are also pruned automatically now and then.

Ids: a full id, a unique prefix of at least 4 characters, or "latest".

Options (every command):
  --workspace DIR   The workspace folder (default: the current folder)
  --json            Print the command's result as JSON (restore: {"preview", "restore"});
                    errors as {"error": {"code", "message"}}
  -h, --help        Show this help

Exit status: 0 done, 1 failed (e.g. no such checkpoint, restore cancelled), 2 bad usage.
`;

export const runHelp = `Usage: akira run --task "…" [options]
       akira run --tasks FILE [--only ID,…] [--from ID] [options]
       akira run --resume <sessionId> [options]

Runs an agent session in a folder without the UI: the model plans the task as TODOs, works through
them with the tools (files, commands in a terminal), a separate review verifies each TODO, and a final
review checks the whole task. Everything is checkpointed; the session is kept in .akira/sessions/<id>/.

Options:
  --task TEXT        What to do. @ mentions attach context: @src/app.ts (a file; a large one as its
                     outline and first lines), @src/app.ts:10-20 (lines), @docs/ (a folder's
                     listing), @diff (the working tree's git diff), @problems (the project's
                     diagnostics), @checkpoint:<id> (what a checkpoint changed). The rules files
                     (AGENTS.md, CLAUDE.md, .clinerules, .cursorrules, .akira/rules/*.md) are sent too
  --image FILE       With --task: a screenshot (PNG, JPEG, GIF, WebP; at most 5 MB; repeatable, up
                     to 5) for a model whose settings say "vision": true
  --tasks FILE       Run a spec's tasks.md (.akira/specs/<name>/tasks.md, .kiro/specs/…, or any
                     tasks.md in the workspace) instead of a typed task: its open tasks are the TODOs,
                     with their numbers as ids. Before each task runs, quick checks and a model call
                     judge whether it is already done (then it is ticked without running); a task
                     that is done and verified is ticked in the file (- [ ] → - [x], nothing else
                     changes). Settings: agent.spec.skipConfidence (0.8), agent.spec.onFailure (ask |
                     rollback | continue), agent.spec.assess (model | heuristic)
  --only ID,…        With --tasks: only these tasks (a parent stands for its sub-tasks), e.g. 2,3.1
  --from ID          With --tasks: start at this task (it and the open tasks after it)
  --resume ID        Continue a paused or interrupted session (from its last consistent step)
  --worktree         Run the session in its own git worktree, on branch akira/<first 8 characters
                     of the session id>, made from your HEAD plus your uncommitted changes (the
                     workspace must be a git repository with a commit). Files, commands and
                     checkpoints happen there; your tree and branch are untouched. At the end, merge
                     it with \`akira sessions merge <id>\` or drop it with \`akira sessions discard <id>\`.
                     Not with --resume (a session keeps its tree)
  --workspace DIR    The folder to work in (default: the current folder)
  --mode M           code-dev (default), bug-fix, learn, optimize, autonomous, or a custom mode
                     from .akira/modes/
  --model M          The model name (else the settings, else AKIRA_MODEL)
  --base-url URL     An OpenAI-compatible server, e.g. http://127.0.0.1:11434/v1 for Ollama
                     (else the settings, else OPENAI_BASE_URL); the API key is OPENAI_API_KEY, else
                     the one saved in Akira's Settings (secrets.json in the data folder)
  -y, --yes          Approve file changes, commands that ask and the plan without asking. Commands
                     the policy denies stay denied; destructive commands are refused in batch
                     (on a terminal they are still asked)
  --json             One JSON line per agent event, as the WebSocket face sends it:
                     {"event": "agent.onEvent", "seq": n, "data": {"sessionId", "type", …}}
  -h, --help         Show this help

On a terminal, each change shows its diff and waits for y / n (with a reason the agent reads);
without a terminal and without --yes, a change that needs approval pauses the session.
Ctrl+C pauses the session (resume it with --resume).

Exit status: 0 the task is verified complete (with --tasks: every task done or judged done, or every
task ticked already); 1 it failed, was stopped or paused; 2 bad usage or configuration (e.g. no model
configured, an unknown task number).
`;

export const sessionsHelp = `Usage: akira sessions <command> [options]

The agent sessions of a workspace (kept in .akira/sessions/<id>/), and the git worktrees of the sessions
started with \`akira run --worktree\`.

Commands:
  list               One line per session, newest first: id, status (queued #n), tree (shared, or
                     worktree and its branch, merged or discarded), TODOs done, tokens, the task
  show <id>          The session: task, status, usage, tree, its TODOs; for a worktree session, the
                     files it changed against its base (+/- lines)
  merge <id> [--yes] Merge a worktree session's branch into your current branch (a merge commit).
                     All or nothing: on a conflict, or when your uncommitted changes are in the way,
                     the files are listed and nothing is changed
  discard <id> [--yes]
                     Remove a worktree session's worktree and branch (its work is lost unless merged;
                     the session's logs stay)

merge and discard ask first on a terminal; without one they need --yes.

Ids: the full session id or a unique prefix of at least 8 characters (the branch's akira/<prefix>).

Options (every command):
  --workspace DIR   The workspace folder (default: the current folder)
  --json            Print the result as JSON (list: agent.list's; show: agent.get's, with "diff" for a
                    worktree; merge: agent.merge's); errors as {"error": {"code", "message"}}
  -y, --yes         merge, discard: do it without asking
  -h, --help        Show this help

Exit status: 0 done, 1 failed (a merge conflict, your changes in the way, cancelled), 2 bad usage (an
unknown or ambiguous id, no terminal to ask on without --yes, a session without a worktree).
`;
