import { highlightRuns } from './highlightRuns';

/** Text with the characters at `positions` marked (`<mark>`): the fuzzy finder's matches in a list. */
export function Highlighted({ text, positions, className }: { text: string; positions: readonly number[]; className?: string }) {
  return (
    <span className={className}>
      {highlightRuns(text, positions).map((run, i) => (run.match ? <mark key={i}>{run.text}</mark> : <span key={i}>{run.text}</span>))}
    </span>
  );
}
