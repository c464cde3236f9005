/**
 * The labels of the checkpoints a restore takes first (`before-restore`), in words a person reads: the core names
 * them with `beforeRestoreLabel`, and the Timeline shows any label through `readableLabel` (labels written before
 * this, with the checkpoint ids appended and nested "Before restoring Before restoring …", read the same way).
 *
 *   beforeRestoreLabel({label: 'TODO t1: a.txt', origin: 'agent'})                       → 'Before restoring TODO t1: a.txt'
 *   beforeRestoreLabel({label: 'Before restoring TODO t1: a.txt', origin: 'before-restore'}) → 'Before undoing the restore of TODO t1: a.txt'
 *   readableLabel('Before restoring Before restoring x (0mwud4dnkdf8a0e) (0mwud78bua6796e)') → 'Before undoing the restore of x'
 */

const RESTORING = 'Before restoring ';
const UNDOING = 'Before undoing the restore of ';
const REDOING = 'Before redoing the restore of ';
const PREFIXES = [RESTORING, UNDOING, REDOING];
/** A checkpoint id that older labels appended in parentheses (ids are 15 lowercase base-36 characters). */
const APPENDED_ID = /\s*\([0-9a-z]{12,20}\)\s*$/;

type Kind = 'restore' | 'undo' | 'redo';

function withoutIds(label: string): string {
  let text = label.trim();
  while (APPENDED_ID.test(text)) text = text.replace(APPENDED_ID, '');
  return text;
}

/** The label without appended ids, and what it says a restore of it does, whatever the nesting of older labels. */
function parse(label: string): { kind: Kind | null; base: string } {
  let text = withoutIds(label);
  const kinds: Kind[] = [];
  for (let prefix = PREFIXES.find((p) => text.startsWith(p)); prefix; prefix = PREFIXES.find((p) => text.startsWith(p))) {
    kinds.push(prefix === RESTORING ? 'restore' : prefix === UNDOING ? 'undo' : 'redo');
    text = text.slice(prefix.length);
  }
  if (!kinds.length) return { kind: null, base: text };
  // Nested "Before restoring" prefixes (older labels): each one inside the first is a restore of a before-restore
  // checkpoint, which undoes (then redoes, …) the restore it names.
  let kind: Kind = kinds[kinds.length - 1];
  for (let i = kinds.length - 2; i >= 0; i--) kind = kinds[i] === 'restore' ? (kind === 'undo' ? 'redo' : 'undo') : kinds[i];
  return { kind, base: text };
}

function render(kind: Kind | null, base: string): string {
  if (kind === null) return base;
  return `${kind === 'restore' ? RESTORING : kind === 'undo' ? UNDOING : REDOING}${base}`;
}

/** The label of the checkpoint taken just before restoring `target`. */
export function beforeRestoreLabel(target: { label: string; origin: string }): string {
  // Restoring an ordinary checkpoint restores it; restoring a before-restore one undoes the restore it names
  // (and restoring the one taken before an undo redoes it).
  const { kind, base } = parse(target.label);
  if (target.origin !== 'before-restore' || kind === null) return render('restore', withoutIds(target.label) || 'a checkpoint');
  return render(kind === 'undo' ? 'redo' : 'undo', base || 'a checkpoint');
}

/** A label as the Timeline shows it: no appended ids, nested restores in words. */
export function readableLabel(label: string): string {
  const { kind, base } = parse(label);
  return render(kind, base) || label;
}
