import { useText } from '../i18n';
import { diffLayoutStrings } from './diffLayoutStrings';

/**
 * How a diff is drawn, as Monaco really draws it (issue 27, defect 19): two columns, one column by choice, one column
 * because the pane is too narrow (Monaco's `useInlineViewWhenSpaceIsLimited`), or one column because the file is on
 * one side only (oneSidedDiff.ts).
 */
export type DiffLayout = 'sideBySide' | 'inline' | 'narrow' | 'oneSided';

/** `wanted`: what the person chose; `rendered`: what Monaco draws (null: not known yet, taken as wanted). */
export function layoutOf(wanted: boolean, rendered: boolean | null, oneSided: boolean): DiffLayout {
  if (oneSided) return 'oneSided';
  const actual = rendered ?? wanted;
  if (actual) return 'sideBySide';
  return wanted ? 'narrow' : 'inline';
}

/**
 * The Inline / Side-by-side button of a diff, showing what is on screen: its words name the other layout, pressed when
 * inline; disabled (saying why) while the pane is too narrow for two columns; absent for a one-sided file.
 */
export function DiffLayoutButton({ layout, onToggle, className, testId }: { layout: DiffLayout; onToggle(): void; className: string; testId?: string }) {
  const t = useText(diffLayoutStrings);
  if (layout === 'oneSided') return null;
  const split = layout === 'sideBySide';
  return (
    <button
      type="button"
      className={className}
      onClick={onToggle}
      disabled={layout === 'narrow'}
      title={layout === 'narrow' ? t.tooNarrowForSideBySide : split ? t.showInline : t.showSideBySide}
      data-testid={testId}
      data-layout={layout}
      aria-pressed={!split}
    >
      {split ? t.inline : t.sideBySide}
    </button>
  );
}
