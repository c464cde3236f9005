import { readdir, stat } from 'node:fs/promises';
import { writeFileAtomic } from '../../common/atomicWrite';
import { AkiraError } from '../errors';
import { readConfined } from '../workspace/confinedFs';
import { checkPathText, resolveInside, resolveInsideEx } from '../workspace/pathGuard';
import { parseTasks, type SpecTask, type TaskState } from './tasksParser';
import { reopenParents, tickParents, tickTask, type MarkBefore, type TaskNotFound, type TaskRef } from './tasksTicker';
import { markBeforeIn, noteEdit } from './tickMemory';
import { specErrors } from '../../../shared/errors';

/**
 * The specs of a workspace on disk: `.akira/specs/<name>/` and Kiro's `.kiro/specs/<name>/`, each with
 * requirements.md, design.md and tasks.md, and OpenSpec's changes `openspec/changes/<name>/` (tasks.md,
 * proposal.md, design.md; `openspec/changes/archive/` holds finished changes and is not listed). Listing, reading (through the workspace's confinement:
 * pathGuard + confinedFs) and ticking tasks.md (re-read, tick, write atomically only when the file did
 * not change meanwhile, so a user's edit made at the same time is never lost). Paths in answers are
 * workspace-relative with forward slashes. `root` is the workspace's real path.
 */

export type SpecSource = 'akira' | 'kiro' | 'openspec';

export interface SpecRef {
  source: SpecSource;
  name: string;
}

export interface SpecInfo extends SpecRef {
  /** e.g. '.kiro/specs/auth' */
  dir: string;
  /** Where tasks.md is (or would be: see `hasTasks`). */
  tasksPath: string;
  hasTasks: boolean;
  requirementsPath?: string;
  designPath?: string;
  /** OpenSpec's proposal.md. */
  proposalPath?: string;
}

export interface SpecContent {
  spec: SpecInfo;
  /** tasks.md as it is on disk, null when the spec has none. */
  tasksText: string | null;
  tasks: SpecTask[];
  problems: string[];
  requirements: string | null;
  design: string | null;
  proposal: string | null;
}

export const SPEC_ROOTS: readonly { source: SpecSource; dir: string }[] = [
  { source: 'akira', dir: '.akira/specs' },
  { source: 'kiro', dir: '.kiro/specs' },
  { source: 'openspec', dir: 'openspec/changes' },
];

/** The files a spec folder may hold, besides tasks.md. */
const SPEC_DOCS = ['requirements.md', 'design.md', 'proposal.md'] as const;

/** OpenSpec keeps finished changes in `openspec/changes/archive/<date>-<name>/`: not a change of its own. */
const isArchive = (source: SpecSource, name: string) => source === 'openspec' && name === 'archive';

/** Larger spec files are refused (a tasks.md is a few KB). */
export const MAX_SPEC_FILE_BYTES = 4 * 1024 * 1024;

function specDir(ref: SpecRef): string {
  const base = SPEC_ROOTS.find((r) => r.source === ref.source);
  if (!base) throw new AkiraError('bad_request', specErrors.unknownSource(String(ref.source)));
  checkPathText(ref.name);
  if (!ref.name || ref.name === '.' || ref.name === '..' || /[\\/]/.test(ref.name)) {
    throw new AkiraError('bad_request', specErrors.notASpecName(ref.name));
  }
  if (isArchive(ref.source, ref.name)) throw new AkiraError('bad_request', specErrors.openSpecArchive(`${base.dir}/${ref.name}`));
  return `${base.dir}/${ref.name}`;
}

/** True when `rel` is a regular file inside the workspace (a link leading outside counts as absent). */
async function isFileInside(root: string, rel: string): Promise<boolean> {
  try {
    const r = await resolveInsideEx(root, rel);
    return r.exists && (await stat(r.real)).isFile();
  } catch (err) {
    if (err instanceof AkiraError) return false;
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return false;
    throw err;
  }
}

/** What is on disk for one spec folder (no check that it exists). */
export async function describeSpec(root: string, ref: SpecRef): Promise<SpecInfo> {
  const dir = specDir(ref);
  const [tasks, requirements, design, proposal] = await Promise.all(['tasks.md', ...SPEC_DOCS].map((f) => isFileInside(root, `${dir}/${f}`)));
  return {
    source: ref.source,
    name: ref.name,
    dir,
    tasksPath: `${dir}/tasks.md`,
    hasTasks: tasks,
    ...(requirements ? { requirementsPath: `${dir}/requirements.md` } : {}),
    ...(design ? { designPath: `${dir}/design.md` } : {}),
    ...(proposal ? { proposalPath: `${dir}/proposal.md` } : {}),
  };
}

/** Every spec folder holding at least one of tasks.md, requirements.md, design.md, proposal.md; .akira, .kiro, openspec, each by name. */
export async function listSpecs(root: string): Promise<SpecInfo[]> {
  const specs: SpecInfo[] = [];
  for (const base of SPEC_ROOTS) {
    let real: string;
    try {
      real = await resolveInside(root, base.dir);
    } catch (err) {
      if (err instanceof AkiraError) continue; // leads outside the workspace
      throw err;
    }
    const entries = await readdir(real, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'ENOTDIR') return [];
      throw err;
    });
    const names = entries
      .filter((e) => e.isDirectory() || e.isSymbolicLink())
      .map((e) => e.name)
      .filter((name) => !isArchive(base.source, name))
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    for (const name of names) {
      let info: SpecInfo;
      try {
        info = await describeSpec(root, { source: base.source, name });
      } catch (err) {
        if (err instanceof AkiraError) continue; // a name pathGuard refuses
        throw err;
      }
      if (info.hasTasks || info.requirementsPath || info.designPath || info.proposalPath) specs.push(info);
    }
  }
  return specs;
}

/** A spec file's bytes and text through the confinement helpers; null when it does not exist. */
async function readSpecFile(root: string, rel: string): Promise<{ bytes: Buffer; text: string; mode: number } | null> {
  const real = await resolveInside(root, rel);
  const file = await readConfined(root, real, {
    check: (stats) => {
      if (stats.isFile() && stats.size > MAX_SPEC_FILE_BYTES) throw new AkiraError('bad_request', specErrors.fileTooLarge(rel, MAX_SPEC_FILE_BYTES));
    },
  });
  return file && { bytes: file.bytes, text: file.bytes.toString('utf8'), mode: file.stats.mode & 0o777 };
}

/** One spec: its tasks parsed, and the requirements and design texts. */
export async function readSpec(root: string, ref: SpecRef): Promise<SpecContent> {
  const spec = await describeSpec(root, ref);
  const [tasks, requirements, design, proposal] = await Promise.all(['tasks.md', ...SPEC_DOCS].map((f) => readSpecFile(root, `${spec.dir}/${f}`)));
  if (!tasks && !requirements && !design && !proposal) throw new AkiraError('not_found', specErrors.noSuchSpec(ref.name, spec.dir.slice(0, spec.dir.lastIndexOf('/'))));
  const parsed = tasks ? parseTasks(tasks.text) : { tasks: [], problems: ['The spec has no tasks.md yet.'] };
  return {
    spec,
    tasksText: tasks?.text ?? null,
    tasks: parsed.tasks,
    problems: parsed.problems,
    requirements: requirements?.text ?? null,
    design: design?.text ?? null,
    proposal: proposal?.text ?? null,
  };
}

export type TasksEdit = (text: string) => { text: string; changed: boolean } | TaskNotFound;

export interface EditOptions {
  /** How many times to re-read and edit again when the file changed under the edit (default 5). */
  attempts?: number;
  /** Tests: runs after the edit is computed, before the file is checked again and written. */
  beforeWrite?: () => Promise<void>;
}

/**
 * Applies `edit` to the spec's tasks.md: read, edit, read again, and write (atomically, keeping the
 * file's mode) only when the file is still what was edited; otherwise start over, a few times. A
 * write racing the last check by microseconds can still be lost; an editor saving seconds later cannot.
 */
export function editTasksFile(root: string, ref: SpecRef, edit: TasksEdit, options: EditOptions = {}): Promise<{ text: string; changed: boolean }> {
  return editTasksAt(root, `${specDir(ref)}/tasks.md`, edit, options);
}

/** editTasksFile for a tasks.md named by its workspace-relative path. */
export async function editTasksAt(root: string, rel: string, edit: TasksEdit, options: EditOptions = {}): Promise<{ text: string; changed: boolean }> {
  const attempts = options.attempts ?? 5;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const before = await readSpecFile(root, rel);
    if (!before) throw new AkiraError('not_found', specErrors.noSuchFile(rel));
    if (!Buffer.from(before.text, 'utf8').equals(before.bytes)) {
      throw new AkiraError('bad_request', specErrors.notUtf8(rel));
    }
    const result = edit(before.text);
    if ('error' in result) throw new AkiraError(result.code === 'ambiguous' ? 'conflict' : 'not_found', result.words);
    if (!result.changed) return result;
    await options.beforeWrite?.();
    const now = await readSpecFile(root, rel);
    if (!now || !now.bytes.equals(before.bytes)) continue;
    await writeFileAtomic(await resolveInside(root, rel), Buffer.from(result.text, 'utf8'), before.mode);
    await noteEdit(root, rel, before.text, result.text);
    return result;
  }
  throw new AkiraError('conflict', specErrors.keptChanging(rel));
}

/** A tasks.md named by its path: a spec's (`.akira/specs/<name>/tasks.md`, `.kiro/specs/…`) or any other. */
export interface TasksFile {
  /** Workspace-relative, forward slashes. */
  tasksPath: string;
  /** Its folder ('' for the root): requirements.md and design.md are read from there. */
  dir: string;
  /** The spec it belongs to, when it is one of the specs folders' tasks.md. */
  spec: SpecRef | null;
}

/** The spec a workspace-relative tasks.md belongs to: `.akira/specs/<name>/`, `.kiro/specs/<name>/` or `openspec/changes/<name>/`. */
export function specOfTasksPath(rel: string): SpecRef | null {
  for (const base of SPEC_ROOTS) {
    const m = new RegExp(`^${base.dir.replace(/\./g, '\\.')}/([^/]+)/tasks\\.md$`).exec(rel);
    if (m && !isArchive(base.source, m[1])) return { source: base.source, name: m[1] };
  }
  return null;
}

/** Checks a workspace-relative tasks.md path (it must be a file inside the workspace) and names its spec. */
export async function tasksFileAt(root: string, path: string): Promise<TasksFile> {
  const rel = path.trim().replace(/\\/g, '/').replace(/^(\.\/)+/, '').replace(/\/+$/, '');
  checkPathText(rel);
  if (!rel || rel.startsWith('/') || /^[A-Za-z]:/.test(rel) || rel.split('/').includes('..')) {
    throw new AkiraError('bad_request', specErrors.pathInsideWorkspace(path));
  }
  if (!(await isFileInside(root, rel))) throw new AkiraError('not_found', specErrors.notInWorkspace(rel));
  const dir = rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/')) : '';
  return { tasksPath: rel, dir, spec: specOfTasksPath(rel) };
}

/** A tasks.md and the requirements.md and design.md beside it, parsed. */
export async function readTasksAt(root: string, file: TasksFile): Promise<Omit<SpecContent, 'spec'> & { file: TasksFile }> {
  const near = (name: string) => (file.dir ? `${file.dir}/${name}` : name);
  const [tasks, requirements, design, proposal] = await Promise.all([
    readSpecFile(root, file.tasksPath),
    ...SPEC_DOCS.map((f) => readSpecFile(root, near(f)).catch(() => null)),
  ]);
  if (!tasks) throw new AkiraError('not_found', specErrors.noSuchFile(file.tasksPath));
  const parsed = parseTasks(tasks.text);
  return {
    file,
    tasksText: tasks.text,
    tasks: parsed.tasks,
    problems: parsed.problems,
    requirements: requirements?.text ?? null,
    design: design?.text ?? null,
    proposal: proposal?.text ?? null,
  };
}

export interface SetStateResult {
  text: string;
  changed: boolean;
  /** The parents reopened with it (a done task reopened reopens the parents ticked because of it). */
  reopened: string[];
}

/** The edit that sets one task's state, and reopens the parents ticked because of it when it leaves done. */
function setStateEdit(task: TaskRef, state: TaskState, out: SetStateResult, marks: MarkBefore): TasksEdit {
  return (text) => {
    const r = tickTask(text, task, state, marks);
    out.reopened = [];
    if ('error' in r || !r.changed || r.was !== 'done' || r.task.state === 'done') return r;
    const parents = reopenParents(r.text, r.task.id, marks);
    out.reopened = parents.reopened;
    return { text: parents.text, changed: true };
  };
}

/** Sets one task's state in a tasks.md named by path (see tickTask; reopening reopens the parents ticked because of it). */
export async function tickTaskAt(root: string, rel: string, task: TaskRef, state: TaskState, options?: EditOptions): Promise<SetStateResult> {
  const out: SetStateResult = { text: '', changed: false, reopened: [] };
  const r = await editTasksAt(root, rel, setStateEdit(task, state, out, await markBeforeIn(root, rel)), options);
  return { ...r, reopened: out.reopened };
}

/** Ticks the parents whose sub-tasks are all done; answers their ids. */
export async function tickParentsAt(root: string, rel: string, options: EditOptions & { skipOptional?: boolean } = {}): Promise<string[]> {
  let ticked: string[] = [];
  await editTasksAt(
    root,
    rel,
    (text) => {
      const r = tickParents(text, { skipOptional: options.skipOptional });
      ticked = r.ticked;
      return { text: r.text, changed: r.ticked.length > 0 };
    },
    options,
  );
  return ticked;
}

/** Sets one task's state in the spec's tasks.md (see tickTaskAt); throws not_found / conflict. */
export function tickSpecTask(root: string, ref: SpecRef, task: TaskRef, state: TaskState, options?: EditOptions): Promise<SetStateResult> {
  return tickTaskAt(root, `${specDir(ref)}/tasks.md`, task, state, options);
}

/** Ticks the parents whose sub-tasks are all done (see tickParents). */
export function tickSpecParents(root: string, ref: SpecRef, options: EditOptions & { skipOptional?: boolean } = {}): Promise<{ text: string; changed: boolean }> {
  return editTasksFile(
    root,
    ref,
    (text) => {
      const r = tickParents(text, { skipOptional: options.skipOptional });
      return { text: r.text, changed: r.ticked.length > 0 };
    },
    options,
  );
}
