import { fuzzyScore } from '../../../../shared/fuzzyMatch';

/**
 * The command palette's list: the actions that can run now, filtered by the fuzzy matcher of the file finder
 * (src/shared/fuzzyMatch.ts, on `Category: Title`; no `>` needed). The recently used ones come first (newest first),
 * then for an empty query the rest by category and title, for a query the rest best match first.
 */

export interface Listable {
  id: string;
  category: string;
  title: string;
}

export interface CommandItem<T extends Listable> {
  action: T;
  /** `Category: Title`, what the query is matched against. */
  label: string;
  positions: readonly number[];
  recent: boolean;
}

export const commandLabel = (a: Listable): string => `${a.category}: ${a.title}`;

export function commandItems<T extends Listable>(actions: readonly T[], query: string, recent: readonly string[]): CommandItem<T>[] {
  const recency = new Map(recent.map((id, i) => [id, i]));
  const scored = actions.flatMap((action) => {
    const label = commandLabel(action);
    const match = fuzzyScore(query, label);
    return match ? [{ action, label, positions: match.positions, score: match.score, recent: recency.has(action.id) }] : [];
  });
  const byLabel = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label);
  scored.sort((a, b) => {
    if (a.recent !== b.recent) return a.recent ? -1 : 1;
    if (a.recent) return recency.get(a.action.id)! - recency.get(b.action.id)!;
    return b.score - a.score || byLabel(a, b);
  });
  return scored.map(({ action, label, positions, recent: r }) => ({ action, label, positions, recent: r }));
}
