import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RulesFileInfo, RulesKind } from '../../../shared/context/contextShapes';
import { plainWords } from '../../../shared/errors';
import { estimateTokens } from '../../common/text';
import { triggerOf, type Trigger } from './ruleTriggers';
import { disabledRulesKinds } from './rulesSettings';
import { nestedAgentsFiles, RULES_FILE_MAX_BYTES, workspaceRuleFiles, type RuleFile } from './rulesSources';

export { RULES_FILE_MAX_BYTES } from './rulesSources';

/**
 * The rules files a session's every call carries in its system context (issue 11, "Rules"; every tool's kind, issue 24):
 *
 *   const rules = await loadRules({root, dataDir, editedPaths: ['src/api/x.ts'], inPlay, mentions, mode, maxTokens: 3000})
 *   rules.files   → [{path: 'AGENTS.md', scope: 'workspace', kind: 'agents', applies: 'always', tokens, truncated}, …]
 *   rules.text    → '## Project rules …' ('' when there are none)
 *
 * Which files, in this order: the global `<dataDir>/rules.md` (every workspace); the workspace's (rulesSources.ts:
 * AGENTS.md, CLAUDE.md, GEMINI.md, Cline, Cursor, Windsurf, Copilot, Akira's `.akira/rules`, Roo, Kiro), each kind
 * unless the settings switch it off (rulesSettings.ts); then, for each file being edited, the `AGENTS.md` nearest to
 * it below the root. When each applies is its tool's (ruleTriggers.ts): always; when a file in play (`inPlay`: edited,
 * read or mentioned by the session) matches its globs; when the task or a message names a manual rule `#name`
 * (`mentions`); Roo's `.roo/rules-<mode>/` for that mode; a rule with only a description is listed by it at the end
 * and the model may read it. A text two files hold identically is sent once (`sameAs`). They share `maxTokens`: a
 * file that does not fit is cut and says so (`truncated`). Nothing else of the repository is sent implicitly.
 */

/** The global rules file, in the data folder. */
export const GLOBAL_RULES_FILE = 'rules.md';
export const GLOBAL_RULES_LABEL = `~global/${GLOBAL_RULES_FILE}`;
const MIN_ROOM_CHARS = 300;
/** rules_loaded carries at most this many files (sessionEvents.ts). */
const MAX_LISTED_FILES = 200;

export interface LoadRulesInput {
  root: string;
  dataDir: string;
  /** Workspace-relative files the current TODO edits: their nearest nested AGENTS.md joins. */
  editedPaths?: readonly string[];
  /** Workspace-relative files in play (edited, read, mentioned): a conditional rule whose globs match one joins. */
  inPlay?: readonly string[];
  /** Names the task or a message mentions as `#name`: a manual rule of that name joins. */
  mentions?: readonly string[];
  /** The session's mode: Roo's `.roo/rules-<mode>/` joins. */
  mode?: string;
  maxTokens: number;
}

export interface LoadedRules {
  files: RulesFileInfo[];
  text: string;
}

interface Applied {
  file: RuleFile;
  body: string;
  info: Omit<RulesFileInfo, 'tokens' | 'truncated'>;
}

async function globalRules(dataDir: string): Promise<RuleFile[]> {
  try {
    const text = (await readFile(join(dataDir, GLOBAL_RULES_FILE))).subarray(0, RULES_FILE_MAX_BYTES).toString('utf8');
    return text.trim() ? [{ path: GLOBAL_RULES_LABEL, kind: 'akira', scope: 'global', style: 'none', text }] : [];
  } catch {
    return [];
  }
}

const normalized = (text: string) => text.replace(/\r\n?/g, '\n').trim();

/** Whether a file applies now, and why (null: not now). */
function applies(file: RuleFile, trigger: Trigger, input: LoadRulesInput): Pick<RulesFileInfo, 'applies' | 'because' | 'description'> | null {
  if (file.mode) return { applies: 'mode', because: file.mode };
  switch (trigger.type) {
    case 'always':
      return { applies: 'always' };
    case 'listed':
      return { applies: 'listed', description: trigger.description.slice(0, 2000) };
    case 'manual': {
      const name = trigger.name.toLowerCase();
      const mentioned = (input.mentions ?? []).find((m) => m.toLowerCase() === name);
      return mentioned ? { applies: 'mentioned', because: `#${trigger.name}` } : null;
    }
    case 'match': {
      const hit = (input.inPlay ?? []).map((p) => p.replace(/\\/g, '/').replace(/^\.\//, '')).find((p) => trigger.matchers.some((m) => m(p)));
      return hit ? { applies: 'match', because: hit } : null;
    }
  }
}

function heading(a: Applied): string {
  const f = a.file;
  if (f.scope === 'global') return `### Your global rules (${GLOBAL_RULES_FILE} in Akira's data folder)`;
  if (f.under) return `### ${f.path} (applies to the files under ${f.under}/)`;
  if (a.info.applies === 'match') return `### ${f.path} (applies to files like ${a.info.because}, which this session works on)`;
  if (a.info.applies === 'mentioned') return `### ${f.path} (asked for with ${a.info.because})`;
  if (a.info.applies === 'mode') return `### ${f.path} (for the ${a.info.because} mode)`;
  return `### ${f.path}`;
}

/** Every rules file that applies now, with its text after the front matter; problems said, duplicates marked. */
async function appliedRules(input: LoadRulesInput, disabled: ReadonlySet<RulesKind>): Promise<Applied[]> {
  const files = [
    ...(await globalRules(input.dataDir)),
    ...(await workspaceRuleFiles(input.root, { mode: input.mode, disabled })),
    ...(disabled.has('agents') ? [] : await nestedAgentsFiles(input.root, input.editedPaths ?? [])),
  ];
  const out: Applied[] = [];
  const seen = new Map<string, string>();
  for (const file of files) {
    const read = triggerOf(file.style, file.path, file.text);
    const why = applies(file, read.trigger, input);
    if (!why) continue;
    const info: Applied['info'] = { path: file.path, scope: file.scope, kind: file.kind, ...why };
    if (read.problems.length) {
      info.problem = read.problems.map((p) => p.en).join(' ');
      // Words say one problem; with several the English says them all.
      if (read.problems.length === 1) info.problemWords = plainWords(read.problems[0]);
    }
    const body = normalized(read.body);
    if (why.applies !== 'listed') {
      const same = seen.get(body);
      if (same !== undefined && body) info.sameAs = same;
      else seen.set(body, file.path);
    }
    out.push({ file, body, info });
    if (out.length >= MAX_LISTED_FILES) break;
  }
  return out;
}

export async function loadRules(input: LoadRulesInput): Promise<LoadedRules> {
  const disabled = await disabledRulesKinds(input.root, input.dataDir);
  const all = await appliedRules(input, disabled);
  if (!all.length) return { files: [], text: '' };
  let room = Math.max(0, input.maxTokens * 4);
  const files: RulesFileInfo[] = [];
  const blocks: string[] = [];
  const listed: string[] = [];
  for (const a of all) {
    if (a.info.sameAs) {
      files.push({ ...a.info, tokens: 0, truncated: false });
      continue;
    }
    if (a.info.applies === 'listed') {
      const line = `- ${a.file.path}: ${a.info.description}`;
      const fits = line.length + 1 <= room;
      if (fits) room -= line.length + 1;
      files.push({ ...a.info, tokens: fits ? estimateTokens(line) : 0, truncated: !fits });
      if (fits) listed.push(line);
      continue;
    }
    const body = a.body;
    const head = heading(a);
    if (room - head.length < MIN_ROOM_CHARS) {
      files.push({ ...a.info, tokens: 0, truncated: true });
      blocks.push(`${head}\n(left out: the context budget has no room for it)`);
      continue;
    }
    const fits = body.length + head.length + 1 <= room;
    const kept = fits ? body : `${body.slice(0, room - head.length - 200)}\n… [cut: ${body.length - (room - head.length - 200)} more characters of this rules file do not fit the context budget]`;
    const block = `${head}\n${kept}`;
    room -= block.length;
    files.push({ ...a.info, tokens: estimateTokens(kept), truncated: !fits });
    blocks.push(block);
  }
  const parts = ['## Project rules', 'Follow these rules of the user and the project (each under the name of its file).'];
  if (blocks.length) parts.push('', blocks.join('\n\n'));
  if (listed.length) {
    parts.push('', '### Rules to read when they apply', 'These rules files are not included here. When one fits what you are doing, read it with read_file and follow it:', ...listed);
  }
  return { files, text: parts.join('\n') };
}
