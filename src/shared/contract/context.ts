import { z } from 'zod';
import { wordsSchema } from '../errors/wordsSchema';
import { attachmentKind, diagnosticsReport, rulesFileInfo } from '../context/contextShapes';
import { defineCommand, noInput, ok } from './define';
import { relPath } from './workspace';

/**
 * Project context (issue 11): what a person can point the agent at, and what the agent is told without asking.
 * Mentions (`@file`, `@folder/`, `@diff`, `@problems`, `@checkpoint:<id>`) are parsed by src/shared/context/mentions.ts.
 */

export const foundFile = z.object({
  path: relPath,
  kind: z.enum(['file', 'folder']),
  score: z.number(),
  /** Indexes into `path` of the characters the query matched (for highlighting). */
  positions: z.array(z.number().int().nonnegative()),
});
export type FoundFile = z.infer<typeof foundFile>;

/** A mention as the task box previews it (context.resolve): everything but the content. */
export const attachmentPreview = z.object({
  kind: attachmentKind,
  ref: z.string(),
  title: z.string(),
  tokens: z.number().int().nonnegative(),
  note: z.string().nullable(),
  error: z.string().nullable(),
  /** `error` in words (issue 14): the chip says it in the UI's language. */
  errorWords: wordsSchema.optional(),
});
export type AttachmentPreview = z.infer<typeof attachmentPreview>;

const checkerIdInput = z.string().min(1).max(100);

/** A diagnostics checker and its approval (issue 26): one the workspace chose runs only once approved. */
export const checkerInfo = z.object({
  id: z.string(),
  label: z.string(),
  /** The command line: what an approval approves. */
  command: z.string(),
  origin: z.enum(['detected', 'global', 'workspace']),
  needsApproval: z.boolean(),
  approved: z.boolean(),
  /** Pass it to context.approveChecker, so a command changed meanwhile is refused. */
  fingerprint: z.string(),
  disabledBy: z.string().nullable(),
});
export type CheckerInfo = z.infer<typeof checkerInfo>;

export const contextCommands = {
  'context.findFiles': defineCommand(
    z
      .object({
        query: z.string().max(500).default(''),
        limit: z.number().int().min(1).max(200).default(50),
        /** Folders too (mentions of a folder); files only by default. */
        folders: z.boolean().default(false),
      })
      .strict(),
    z.object({
      items: z.array(foundFile),
      /** Files (and folders) the index holds. */
      indexed: z.number().int().nonnegative(),
      /** The index stopped at its limit: some files of a huge tree are not searched. */
      truncated: z.boolean(),
    }),
    'Fuzzy-find files of the workspace by name or path (ignored files left out), best first: mention completion and quick open.',
  ),
  'context.resolve': defineCommand(
    z.object({ text: z.string().max(20_000) }).strict(),
    z.object({ attachments: z.array(attachmentPreview) }),
    'What the mentions of a text would attach (sizes, notes, errors), without starting anything; @problems is run when the session starts.',
  ),
  'context.diagnostics': defineCommand(
    z
      .object({
        /** Only these files' problems (workspace-relative); all by default. */
        paths: z.array(relPath.min(1)).max(500).optional(),
      })
      .strict()
      .optional()
      .default({}),
    diagnosticsReport,
    "Run the project's checkers (tsc, ESLint, ruff or py_compile, go vet, cargo check, the settings' own) and answer their problems.",
  ),
  'context.checkers': defineCommand(
    noInput,
    z.object({ checkers: z.array(checkerInfo) }),
    'The diagnostics checkers of the workspace (disabled ones included): which run a program the workspace chose and need approval, and whether they have it.',
  ),
  'context.approveChecker': defineCommand(
    z.object({ id: checkerIdInput, fingerprint: z.string().min(1).max(128) }).strict(),
    ok,
    "Approve a checker that runs a program the workspace chose (for this workspace and exactly this command; refused when it changed since `fingerprint`): @problems and context.diagnostics then run it.",
  ),
  'context.revokeChecker': defineCommand(
    z.object({ id: checkerIdInput }).strict(),
    ok,
    "Withdraw a checker's approval for this workspace: @problems and context.diagnostics no longer run it.",
  ),
  'context.rules': defineCommand(
    noInput,
    z.object({ files: z.array(rulesFileInfo) }),
    'The rules files every session of this workspace gets before it touches a file (AGENTS.md, CLAUDE.md, GEMINI.md, Cline, Cursor, Windsurf, Roo, Copilot and Kiro rules, .akira/rules, the global rules), each with its kind and why it applies; conditional rules join a session when it touches a matching file.',
  ),
};

export const contextEvents = {};
