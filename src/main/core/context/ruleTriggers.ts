import { posix } from 'node:path';
import type { RulesKind } from '../../../shared/context/contextShapes';
import { contextErrors, type Words } from '../../../shared/errors';
import { GlobError, globMatcher } from '../../common/glob';
import { splitFrontMatter } from './ruleFrontMatter';

/**
 * When a rules file applies, read from its front matter as its own tool defines it (issue 24):
 *
 *   triggerOf('cursor-mdc', '.cursor/rules/api.mdc', text) → {body, trigger: {type: 'match', globs: […]}, problems: []}
 *
 * - Cursor `.mdc`: `alwaysApply: true` → always; else `globs` (a list, or a comma-separated string) → when a file in
 *   play matches; else `description` → listed (the model may read it); else manual.
 * - Kiro steering: `inclusion: always` (the default) | `fileMatch` + `fileMatchPattern` | `manual` | `auto` (listed
 *   by its `description`).
 * - Copilot `.instructions.md`: `applyTo` globs (`**` is every file: always); without it, `description` → listed,
 *   else manual.
 * - Windsurf `.windsurf/rules/`: `trigger: always_on` (also without a trigger) | `glob` + `globs` | `model_decision`
 *   (listed by its `description`) | `manual`.
 * - Every other file is always sent whole (its text is the rule).
 * A manual rule joins when the task or a message names it `#name` (its file name without the extension).
 * Front matter that cannot be read: the whole file is sent, always. A glob that is not valid is left out; with none
 * left the rule is listed. Each is said in `problems`; nothing is dropped without a word.
 */

export type FrontMatterStyle = 'cursor-mdc' | 'kiro' | 'copilot' | 'windsurf' | 'none';

export type Trigger =
  | { type: 'always' }
  | { type: 'match'; globs: string[]; matchers: ((path: string) => boolean)[] }
  | { type: 'manual'; name: string }
  | { type: 'listed'; description: string };

export interface ReadRule {
  body: string;
  trigger: Trigger;
  problems: Words[];
}

/** The kind of a rules file and how its front matter reads, by where it lies. */
export interface RuleSourceKind {
  kind: RulesKind;
  style: FrontMatterStyle;
}

const EVERY_FILE = new Set(['**', '**/*', '*']);

/** A rule's name for `#name`: its file name without `.instructions.md`, `.mdc`, `.md` or `.txt`. */
export function ruleName(path: string): string {
  return posix.basename(path).replace(/(\.instructions)?\.(md|mdc|txt)$/i, '');
}

/**
 * Globs from a list or a comma-separated string. Commas inside `{a,b}` belong to the glob; a comma followed by a
 * space always separates (so an unclosed `{` does not swallow the globs after it).
 */
export function splitGlobs(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => (typeof v === 'string' ? splitGlobs(v) : []));
  if (typeof value !== 'string') return [];
  const out: string[] = [];
  let cur: string | null = null;
  const open = (t: string) => (t.match(/\{/g)?.length ?? 0) > (t.match(/\}/g)?.length ?? 0);
  for (const token of value.split(',')) {
    if (cur !== null && open(cur) && !/^\s/.test(token)) cur += `,${token}`;
    else {
      if (cur !== null) out.push(cur);
      cur = token;
    }
  }
  if (cur !== null) out.push(cur);
  return out.map((g) => g.trim().replace(/^["']|["']$/g, '')).filter(Boolean);
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
const isTrue = (v: unknown): boolean => v === true || (typeof v === 'string' && v.trim().toLowerCase() === 'true');

function matchTrigger(path: string, globs: string[], description: string, problems: Words[]): Trigger {
  if (globs.some((g) => EVERY_FILE.has(g))) return { type: 'always' };
  const good: string[] = [];
  const matchers: ((p: string) => boolean)[] = [];
  const bad: { glob: string; said: string }[] = [];
  for (const glob of globs) {
    try {
      matchers.push(globMatcher(glob));
      good.push(glob);
    } catch (err) {
      bad.push({ glob, said: err instanceof GlobError ? err.message : String(err) });
    }
  }
  if (matchers.length) {
    for (const b of bad) problems.push(contextErrors.ruleBadGlob(path, b.glob, b.said));
    return { type: 'match', globs: good, matchers };
  }
  const named = globs.join(', ') || 'none given';
  problems.push(contextErrors.ruleNoGlob(path, named, bad[0]?.said ?? 'a rule that applies to matching files needs at least one glob'));
  return { type: 'listed', description: description || `applies to files matching ${named}` };
}

function unknownTrigger(path: string, field: string, got: unknown, known: string, problems: Words[]): Trigger {
  problems.push(contextErrors.ruleUnknownTrigger(path, field, JSON.stringify(got) ?? String(got), known));
  return { type: 'always' };
}

export function triggerOf(style: FrontMatterStyle, path: string, raw: string): ReadRule {
  if (style === 'none') return { body: raw, trigger: { type: 'always' }, problems: [] };
  const fm = splitFrontMatter(raw);
  const problems: Words[] = [];
  if (fm.problem) return { body: fm.body, trigger: { type: 'always' }, problems: [contextErrors.ruleFrontMatterBroken(path, fm.problem)] };
  const d = fm.data;
  const description = text(d.description);
  const manual: Trigger = { type: 'manual', name: ruleName(path) };
  const listedOrManual = (): Trigger => (description ? { type: 'listed', description } : manual);
  let trigger: Trigger;
  switch (style) {
    case 'cursor-mdc': {
      const globs = splitGlobs(d.globs);
      trigger = isTrue(d.alwaysApply) ? { type: 'always' } : globs.length ? matchTrigger(path, globs, description, problems) : listedOrManual();
      break;
    }
    case 'kiro': {
      const inclusion = d.inclusion === undefined || d.inclusion === null ? 'always' : text(d.inclusion);
      if (inclusion === 'always') trigger = { type: 'always' };
      else if (inclusion === 'fileMatch') trigger = matchTrigger(path, splitGlobs(d.fileMatchPattern), description, problems);
      else if (inclusion === 'manual') trigger = manual;
      else if (inclusion === 'auto') trigger = { type: 'listed', description: description || text(d.name) || ruleName(path) };
      else trigger = unknownTrigger(path, 'inclusion', d.inclusion, 'always, fileMatch, manual, auto', problems);
      break;
    }
    case 'copilot': {
      const globs = splitGlobs(d.applyTo);
      trigger = globs.length ? matchTrigger(path, globs, description, problems) : listedOrManual();
      break;
    }
    case 'windsurf': {
      const t = d.trigger === undefined || d.trigger === null ? 'always_on' : text(d.trigger);
      if (t === 'always_on') trigger = { type: 'always' };
      else if (t === 'glob') trigger = matchTrigger(path, splitGlobs(d.globs), description, problems);
      else if (t === 'model_decision') trigger = { type: 'listed', description: description || ruleName(path) };
      else if (t === 'manual') trigger = manual;
      else trigger = unknownTrigger(path, 'trigger', d.trigger, 'always_on, glob, model_decision, manual', problems);
      break;
    }
  }
  return { body: fm.body, trigger, problems };
}
