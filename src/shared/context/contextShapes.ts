import { z } from 'zod';
import { inputRule } from '../errors/inputRules';
import { wordsSchema } from '../errors/wordsSchema';

/**
 * Project context (issue 11) as the contract and the session log carry it: what a mention attached, the
 * images of a task or message, the rules files a session used, and the diagnostics of the project's checkers.
 */

/**
 * What an `@` mention names (mentions.ts parses them): a file (optionally lines), a folder, the git diff, the
 * problems, a checkpoint's diff, an MCP server's resource or prompt. The editor's context (issue 25) adds the
 * selected lines as the editor shows them (`selection`) and the names of the open tabs (`tabs`).
 */
export const attachmentKind = z.enum(['file', 'folder', 'diff', 'problems', 'checkpoint', 'mcp', 'selection', 'tabs']);
export type AttachmentKind = z.infer<typeof attachmentKind>;

/** One mention, resolved: what the model reads and what a person sees on the chip. */
export const contextAttachment = z.object({
  kind: attachmentKind,
  /** The mention as written, without the `@` (`src/a.ts`, `src/a.ts:10-20`, `docs/`, `diff`, `checkpoint:abc`). */
  ref: z.string().min(1).max(4096),
  /** For people: "src/a.ts (120 lines)", "git diff (3 files)". */
  title: z.string().max(1000),
  /** What the model reads ('' when it could not be resolved). */
  content: z.string().max(400_000),
  /** Estimated tokens of `content`. */
  tokens: z.number().int().nonnegative(),
  /** How it was shortened, said to the model and shown on the chip ("outline and the first 200 lines of 4,000"). */
  note: z.string().max(2000).nullable().default(null),
  /** Why it could not be attached ("No such file: src/x.ts"); the model is told too. */
  error: z.string().max(2000).nullable().default(null),
  /** `error` in words of the `context` catalog (issue 14), for people; older logs have none. */
  errorWords: wordsSchema.optional(),
});
export type ContextAttachment = z.output<typeof contextAttachment>;

export const imageMediaType = z.enum(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
export type ImageMediaType = z.infer<typeof imageMediaType>;
/** Bytes an image may have (decoded). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGES = 5;

/** An image as a face sends it (agent.start / agent.sendMessage {images}). */
export const imageInput = z
  .object({
    name: z.string().trim().min(1).max(255).default('image'),
    mediaType: imageMediaType,
    /** The image's bytes, base64 (no `data:` prefix). */
    dataBase64: z
      .string()
      .min(1)
      .max(Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 4, inputRule('imageTooBig', MAX_IMAGE_BYTES / 1024 / 1024))
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, inputRule('base64')),
  })
  .strict();
export type ImageInput = z.input<typeof imageInput>;
export const imageInputs = z.array(imageInput).max(MAX_IMAGES);

/** At most this many characters of a selection are sent (the app cuts a longer one and says so). */
export const SELECTION_MAX_CHARS = 20_000;
export const MAX_OPEN_TABS = 50;
const editorPath = z.string().trim().min(1).max(4096);

/**
 * The editor's context of a task started from the app (agent.start {editorContext}, issue 25): the active file
 * (attached as `@path` is), the selected lines with their text as the editor holds it (`unsaved`: the buffer has
 * edits the file on disk lacks; `cut`: the app kept only SELECTION_MAX_CHARS of it), and the open tabs' names.
 * Only what the person kept of the chips under the task box is sent.
 */
export const editorContextInput = z
  .object({
    activeFile: editorPath.optional(),
    selection: z
      .object({
        path: editorPath,
        startLine: z.number().int().min(1),
        endLine: z.number().int().min(1),
        text: z.string().max(SELECTION_MAX_CHARS),
        unsaved: z.boolean().default(false),
        cut: z.boolean().default(false),
      })
      .strict()
      .optional(),
    openTabs: z.array(editorPath).max(MAX_OPEN_TABS).optional(),
  })
  .strict();
export type EditorContextInput = z.input<typeof editorContextInput>;
export type EditorContext = z.output<typeof editorContextInput>;

/** An image kept with its session (`.akira/sessions/<id>/images/<file>`), so a resumed session still has it. */
export const sessionImage = z.object({
  file: z.string().min(1).max(255),
  name: z.string().max(255),
  mediaType: imageMediaType,
  bytes: z.number().int().nonnegative(),
});
export type SessionImage = z.infer<typeof sessionImage>;

/** Where a rules file applies: every workspace (the data folder's), this workspace (its root), a folder (nested AGENTS.md). */
export const rulesScope = z.enum(['global', 'workspace', 'folder']);
/**
 * Which tool's rules a file is (issue 24): Akira's own (`.akira/rules`, the global file), AGENTS.md, CLAUDE.md,
 * GEMINI.md, Cline (`.clinerules`), Cursor (`.cursorrules`, `.cursor/rules/*.mdc`), Windsurf (`.windsurfrules`,
 * `.windsurf/rules/`), Roo (`.roo/rules/`, `.roo/rules-<mode>/`), Copilot (`.github/copilot-instructions.md`,
 * `.github/instructions/*.instructions.md`), Kiro (`.kiro/steering/*.md`). A workspace setting switches a kind off.
 */
export const RULES_KINDS = ['akira', 'agents', 'claude', 'gemini', 'cline', 'cursor', 'windsurf', 'roo', 'copilot', 'kiro'] as const;
export const rulesKind = z.enum(RULES_KINDS);
export type RulesKind = z.infer<typeof rulesKind>;
/**
 * Why a rules file is in the context: always; `match`, a file in play matches its globs (`because`: that file);
 * `mentioned`, the task or a message names it `#name` (a manual rule); `mode`, the session's mode (Roo's
 * `.roo/rules-<mode>/`); `listed`, only its description is sent and the model may read it (read_file).
 */
export const rulesApplies = z.enum(['always', 'match', 'mentioned', 'mode', 'listed']);
export type RulesApplies = z.infer<typeof rulesApplies>;
export const rulesFileInfo = z.object({
  /** Workspace-relative, or `~global/rules.md` style for the global file. */
  path: z.string().min(1).max(4096),
  scope: rulesScope,
  tokens: z.number().int().nonnegative(),
  /** Cut to fit the budget (the model is told). */
  truncated: z.boolean(),
  /** Sessions logged before issue 24 have none of the fields below. */
  kind: rulesKind.optional(),
  applies: rulesApplies.optional(),
  /** `match`: the file in play that matched; `mentioned`: the `#name`; `mode`: the mode's id. */
  because: z.string().max(4096).optional(),
  /** `listed`: the description the model reads. */
  description: z.string().max(2000).optional(),
  /** Its text is the same as this earlier file's: sent once, there. */
  sameAs: z.string().max(4096).optional(),
  /** What is wrong with it (front matter, a glob) and what Akira did instead, in English; its words beside it. */
  problem: z.string().max(2000).optional(),
  problemWords: wordsSchema.optional(),
});
export type RulesFileInfo = z.infer<typeof rulesFileInfo>;

export const diagnosticSeverity = z.enum(['error', 'warning', 'info']);
export const diagnostic = z.object({
  /** Workspace-relative, forward slashes. */
  file: z.string().max(4096),
  line: z.number().int().nonnegative(),
  column: z.number().int().nonnegative(),
  severity: diagnosticSeverity,
  message: z.string().max(20_000),
  /** The checker: tsc, eslint, ruff, python, go vet, cargo, or a custom checker's id. */
  source: z.string().max(100),
  code: z.string().max(200).nullable().default(null),
});
export type Diagnostic = z.output<typeof diagnostic>;

export const checkerRun = z.object({
  id: z.string().max(100),
  command: z.string().max(4000),
  /** ok: ran (problems or not); failed: could not run or its output was not understood; timeout: stopped; skipped: not run (`reason`). */
  status: z.enum(['ok', 'failed', 'timeout', 'skipped']),
  durationMs: z.number().nonnegative(),
  count: z.number().int().nonnegative(),
  reason: z.string().max(4000).nullable().default(null),
  /** `reason` in words (issue 26: a checker that awaits approval), for people; absent when it has none. */
  reasonWords: wordsSchema.optional(),
});
export type CheckerRun = z.output<typeof checkerRun>;

export const diagnosticsReport = z.object({
  diagnostics: z.array(diagnostic),
  checkers: z.array(checkerRun),
  durationMs: z.number().nonnegative(),
  /** More diagnostics than listed. */
  truncated: z.boolean().default(false),
});
export type DiagnosticsReport = z.output<typeof diagnosticsReport>;
