import { defineText } from '../../shared/i18n';

/** `akira --help` and each command's help, in English and Chinese (the language: cliLanguage.ts). */
export const helpStrings = defineText({
  en: {
    main: `Akira: a desktop companion app for autonomous coding agents.

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
  akira sessions list|show|merge|discard|prune [ID] [--workspace DIR] [--json] [--yes] [--dry-run]
                          List the sessions of a folder, show one, merge or discard a worktree session
  akira checkpoints list|show|diff|restore|create|prune [--workspace DIR] [--json]
                          Browse, compare, take, restore and prune checkpoints of a folder
  akira --help            Show this help (akira <command> --help for one command)
  akira --version         Print the version
`,
    serve: `Usage: akira serve [folder] [--port N] [--host H] [--open] [--token-file FILE] [--headless]

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
`,
    checkpoints: `Usage: akira checkpoints <command> [options]

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
`,
    run: `Usage: akira run --task "…" [options]
       akira run --tasks FILE [--only ID,…] [--from ID] [options]
       akira run --resume <sessionId> [--task "follow-up"] [options]

Runs an agent session in a folder without the UI: the model plans the task as TODOs, works through
them with the tools (files, commands in a terminal), a separate review verifies each TODO, and a final
review checks the whole task. Everything is checkpointed; the session is kept in .akira/sessions/<id>/.

Options:
  --task TEXT        What to do. @ mentions attach context: @src/app.ts (a file; a large one as its
                     outline and first lines), @src/app.ts:10-20 (lines), @docs/ (a folder's
                     listing), @diff (the working tree's git diff), @problems (the project's
                     diagnostics), @checkpoint:<id> (what a checkpoint changed). The rules files
                     (AGENTS.md, CLAUDE.md, GEMINI.md, .clinerules, .cursorrules, .cursor/rules,
                     .windsurfrules, .windsurf/rules, .roo/rules, .github/copilot-instructions.md,
                     .github/instructions, .kiro/steering, .akira/rules/*.md) are sent too; #name
                     asks for a manual rule of that name
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
  --resume ID        Continue a paused or interrupted session (from its last consistent step);
                     with --task "…", a follow-up: a finished session runs again as a new round
  --worktree         Run the session in its own git worktree, on branch akira/<first 8 characters
                     of the session id>, made from your HEAD plus your uncommitted changes (the
                     workspace must be a git repository with a commit). Files, commands and
                     checkpoints happen there; your tree and branch are untouched. At the end, merge
                     it with \`akira sessions merge <id>\` or drop it with \`akira sessions discard <id>\`.
                     Not with --resume (a session keeps its tree)
  --no-sandbox       Run the agent's commands without the OS sandbox (bubblewrap on Linux), whatever
                     agent.sandbox.mode says. By default they run in it where it is available: writes
                     only in the workspace and a temp folder, no credentials, network only to
                     agent.sandbox.network.allow. --yes never runs a command outside it
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
`,
    sessions: `Usage: akira sessions <command> [options]

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
  prune [--dry-run]  Remove the folders of finished sessions (completed, failed, stopped) last active
                     more than agent.sessions.retentionDays ago (default 90); a session open in Akira,
                     one that can still be resumed and a worktree session not yet discarded are kept.
                     --dry-run only lists what would be removed

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
`,
  },
  'zh-CN': {
    main: `Akira：自主编程智能体的桌面伴侣应用。

用法：
  akira serve [folder] [--port N] [--host H] [--open] [--token-file FILE] [--headless]
                          为一个文件夹提供 Akira 界面和 HTTP API
  akira run --task "…" [--workspace DIR] [--mode M] [--model M] [--base-url URL] [--yes] [--json]
          [--image FILE]  不用界面，对一个任务运行智能体会话（计划、执行、验证）
  akira run --tasks FILE [--only ID,…] [--from ID] [--yes] [--json]
                          运行规格的 tasks.md：逐个判断、运行、验证并勾选未完成的任务
  akira run --resume <sessionId>
                          继续一个已暂停或被中断的会话
  akira run --worktree …  在独立的 Git 工作树中运行会话（分支 akira/<id>）；合并之前
                          你的工作区不会被改动
  akira sessions list|show|merge|discard|prune [ID] [--workspace DIR] [--json] [--yes] [--dry-run]
                          列出文件夹的会话，显示其中一个，合并或丢弃工作树会话
  akira checkpoints list|show|diff|restore|create|prune [--workspace DIR] [--json]
                          浏览、比较、创建、恢复和清理文件夹的检查点
  akira --help            显示本帮助（akira <command> --help 显示单个命令的帮助）
  akira --version         打印版本号
`,
    serve: `用法：akira serve [folder] [--port N] [--host H] [--open] [--token-file FILE] [--headless]

为 <folder>（默认：当前文件夹）提供 Akira 界面、WebSocket（/ws）和 HTTP API（/api/）。
打印要打开的 URL；其中的令牌每次启动都会变化（除非使用 --token-file）。

选项：
  --port N           监听的端口（默认：任意空闲端口）
  --host H           绑定的网络接口（默认：127.0.0.1；其他地址会把你的文件暴露到网络上）
  --open             在默认浏览器中打开该 URL
  --token-file FILE  供脚本使用的固定令牌：从 FILE 读取（只有你能读取它：chmod 600）；
                     FILE 不存在时，会在那里写入一个新的随机令牌，权限为 0600（其所在文件夹必须存在）
  --headless         只提供 HTTP API 和 WebSocket，不提供界面（用于服务器和 CI）

HTTP API：POST /api/<command>，参数为 JSON（Content-Type: application/json），返回
{"result": …} 或 {"error": {"code", "message"}}；GET /api/events 推送所有事件（Server-Sent Events，
可用 Last-Event-ID 续传）；GET /api/openapi.json 描述全部接口。令牌放在
Authorization: Bearer <token> 或 ?token=<token> 中发送。
`,
    checkpoints: `用法：akira checkpoints <command> [options]

检查点是工作区中每个文件的快照（.gitignore 排除的文件、node_modules、构建输出和缓存、
.git、.akira 以及超过大小上限的文件除外，这些会列为已跳过）。它们保存在 Akira 数据文件夹中的
存储里，位于工作区之外；你自己的 .git 永远不会被改动。恢复之前会先为当前状态创建检查点，
因此每次恢复都可以撤销。

命令：
  create [-m|--message LABEL]        立即创建一个检查点
  list [--limit N] [--offset N]      检查点列表，最新的在前（终端上显示为表格，否则为制表符分隔的行：
                                     id、时间、来源、文件数、+行数、-行数、标签）
  show <id> [--patch]                一个检查点，以及它相对上一个检查点改动的文件
  diff <from> [<to>|now] [--patch] [-- PATH...]
                                     两个检查点之间（或一个检查点与当前状态之间，默认）改动的文件；
                                     --patch 附上文本文件的统一格式差异
  restore <id> [--file PATH]... [--yes] [--dry-run]
                                     显示恢复会改变什么（修改、新建、删除的文件以及冲突），询问后再恢复
                                     （指定了 --file 时只恢复这些路径）。
                                     没有可供询问的终端时必须加 --yes。
  prune [--dry-run]                  删除超过保留期的检查点（最新的一个永远保留）；
                                     --dry-run 只列出它们，不删除任何内容

保留期：设置项 checkpoints.retentionDays（1 到 3650 的整数，默认 90），位于全局 settings.json
（Akira 的数据文件夹中）或工作区的 .akira/settings.json，例如
{"checkpoints": {"retentionDays": 30}}。工作区只能延长保留期（那里更短的值不会生效）。
较旧的检查点也会不时被自动清理。

Id：完整的 id、至少 4 个字符的唯一前缀，或 "latest"。

选项（所有命令）：
  --workspace DIR   工作区文件夹（默认：当前文件夹）
  --json            以 JSON 打印命令的结果（restore：{"preview", "restore"}）；
                    错误为 {"error": {"code", "message"}}
  -h, --help        显示本帮助

退出状态：0 完成，1 失败（例如没有该检查点、恢复被取消），2 用法错误。
`,
    run: `用法：akira run --task "…" [options]
      akira run --tasks FILE [--only ID,…] [--from ID] [options]
      akira run --resume <sessionId> [options]

不用界面，在一个文件夹中运行智能体会话：模型把任务计划为若干 TODO，用工具（文件、终端中的命令）
逐个完成，由独立的审查验证每个 TODO，最后再审查整个任务。每一步都有检查点；会话保存在
.akira/sessions/<id>/ 中。

选项：
  --task TEXT        要做的事。@ 提及会附加上下文：@src/app.ts（一个文件；大文件只附其大纲和
                     开头几行），@src/app.ts:10-20（若干行），@docs/（文件夹的列表），
                     @diff（工作区的 git diff），@problems（项目的诊断信息），
                     @checkpoint:<id>（某个检查点改动的内容）。规则文件
                     （AGENTS.md、CLAUDE.md、GEMINI.md、.clinerules、.cursorrules、.cursor/rules、
                     .windsurfrules、.windsurf/rules、.roo/rules、.github/copilot-instructions.md、
                     .github/instructions、.kiro/steering、.akira/rules/*.md）也会一并发送；#名称
                     会引入同名的手动规则
  --image FILE       与 --task 一起用：一张截图（PNG、JPEG、GIF、WebP；最大 5 MB；可重复，最多
                     5 张），用于设置中写明 "vision": true 的模型
  --tasks FILE       运行规格的 tasks.md（.akira/specs/<name>/tasks.md、.kiro/specs/…，或工作区中的
                     任意 tasks.md），而不是输入的任务：其中未完成的任务就是 TODO，编号即 id。
                     每个任务运行之前，快速检查和一次模型调用会判断它是否已经完成（是则直接勾选、
                     不运行）；完成并通过验证的任务会在文件中被勾选（- [ ] → - [x]，其他内容不变）。
                     设置：agent.spec.skipConfidence（0.8）、agent.spec.onFailure（ask |
                     rollback | continue）、agent.spec.assess（model | heuristic）
  --only ID,…        与 --tasks 一起用：只运行这些任务（父任务代表其子任务），例如 2,3.1
  --from ID          与 --tasks 一起用：从这个任务开始（它以及它之后未完成的任务）
  --resume ID        继续一个已暂停或被中断的会话（从它最后一个一致的步骤开始）；
                     与 --task "…" 同用为追问：已结束的会话作为新一轮再次运行
  --worktree         在会话自己的 Git 工作树中运行，分支为 akira/<会话 id 的前 8 个字符>，
                     基于你的 HEAD 加上你未提交的更改创建（工作区必须是至少有一个提交的 Git
                     仓库）。文件、命令和检查点都在那里进行；你的工作区和分支不受影响。结束后
                     用 \`akira sessions merge <id>\` 合并，或用 \`akira sessions discard <id>\` 丢弃。
                     不能与 --resume 同用（会话保留它自己的工作树）
  --no-sandbox       不论 agent.sandbox.mode 如何设置，智能体的命令都不在操作系统沙箱（Linux 上为
                     bubblewrap）中运行。默认在可用时于沙箱中运行：只能写工作区和临时文件夹，
                     读不到凭据，网络只通往 agent.sandbox.network.allow。--yes 从不在沙箱外运行命令
  --workspace DIR    工作的文件夹（默认：当前文件夹）
  --mode M           code-dev（默认）、bug-fix、learn、optimize、autonomous，或 .akira/modes/ 中的
                     自定义模式
  --model M          模型名称（否则取设置，再否则取 AKIRA_MODEL）
  --base-url URL     一个兼容 OpenAI 的服务器，例如 Ollama 的 http://127.0.0.1:11434/v1
                     （否则取设置，再否则取 OPENAI_BASE_URL）；API 密钥取 OPENAI_API_KEY，否则取
                     Akira 设置中保存的密钥（数据文件夹中的 secrets.json）
  -y, --yes          不询问，直接批准文件更改、需要询问的命令和计划。策略拒绝的命令仍被拒绝；
                     批处理时破坏性命令会被拒绝（在终端上仍会询问）
  --json             每个智能体事件一行 JSON，格式与 WebSocket 接口发送的相同：
                     {"event": "agent.onEvent", "seq": n, "data": {"sessionId", "type", …}}
  -h, --help         显示本帮助

在终端上，每个更改都会显示其差异并等待 y / n（可附上智能体会读到的理由）；
没有终端也没有 --yes 时，需要批准的更改会暂停会话。
Ctrl+C 会暂停会话（用 --resume 继续）。

退出状态：0 任务已验证完成（使用 --tasks 时：每个任务都已完成或被判定为已完成，或全部已勾选）；
1 失败、被停止或暂停；2 用法或配置错误（例如没有配置模型、未知的任务编号）。
`,
    sessions: `用法：akira sessions <command> [options]

工作区的智能体会话（保存在 .akira/sessions/<id>/ 中），以及用 \`akira run --worktree\`
启动的会话的 Git 工作树。

命令：
  list               每个会话一行，最新的在前：id、状态（排队中 #n）、工作树（共享，或工作树及其分支、
                     已合并或已丢弃）、完成的 TODO、令牌数、任务
  show <id>          会话详情：任务、状态、用量、工作树、TODO；对于工作树会话，还有它相对基线
                     改动的文件（+/- 行）
  merge <id> [--yes] 把工作树会话的分支合并到你当前的分支（一个合并提交）。
                     要么全部完成要么什么都不做：遇到冲突，或你未提交的更改挡路时，
                     会列出这些文件且不做任何改动
  discard <id> [--yes]
                     删除工作树会话的工作树和分支（未合并的工作会丢失；会话的日志保留）
  prune [--dry-run]  删除最后活动超过 agent.sessions.retentionDays 天（默认 90）的已结束会话
                     （已完成、失败、已停止）的文件夹；在 Akira 中打开的、仍可继续的、以及工作树尚未
                     丢弃的会话会被保留。--dry-run 只列出将被删除的会话

merge 和 discard 在终端上会先询问；没有终端时需要 --yes。

Id：完整的会话 id，或至少 8 个字符的唯一前缀（即分支 akira/<prefix> 中的前缀）。

选项（所有命令）：
  --workspace DIR   工作区文件夹（默认：当前文件夹）
  --json            以 JSON 打印结果（list：agent.list 的结果；show：agent.get 的结果，工作树会话附带
                    "diff"；merge：agent.merge 的结果）；错误为 {"error": {"code", "message"}}
  -y, --yes         merge、discard：不询问直接执行
  -h, --help        显示本帮助

退出状态：0 完成，1 失败（合并冲突、你的更改挡路、已取消），2 用法错误（未知或有歧义的 id、
没有 --yes 又没有可供询问的终端、会话没有工作树）。
`,
  },
});
