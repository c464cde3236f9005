/**
 * A label cut into runs of matched and unmatched characters, for `<mark>`: the fuzzy finder's `positions`
 * (src/shared/fuzzyMatch.ts) shown in the `@` completion, quick open and the command palette.
 */
export function highlightRuns(label: string, positions: readonly number[]): { text: string; match: boolean }[] {
  const marked = new Set(positions);
  const runs: { text: string; match: boolean }[] = [];
  for (let i = 0; i < label.length; i++) {
    const match = marked.has(i);
    const last = runs[runs.length - 1];
    if (last && last.match === match) last.text += label[i];
    else runs.push({ text: label[i], match });
  }
  return runs;
}
