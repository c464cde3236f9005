import './codicons.css';

/**
 * The codicons the app shell uses, by name and code point (monaco-editor's `base/common/codiconsLibrary.js` lists them
 * all; the font is ui/codicons.css). Decorative: the button around an icon carries its accessible name.
 */
export const CODICONS = {
  files: 0xeaf0,
  search: 0xea6d,
  sparkle: 0xec10,
  'source-control': 0xea68,
  history: 0xea82,
  'git-pull-request': 0xea64,
  checklist: 0xeab3,
} as const;

export type CodiconName = keyof typeof CODICONS;

export function Codicon({ name }: { name: CodiconName }) {
  return (
    // No `codicon-<name>` class: Monaco's icon stylesheet, once loaded, would draw the glyph a second time (::before).
    <span className="codicon" aria-hidden="true" data-icon={name}>
      {String.fromCodePoint(CODICONS[name])}
    </span>
  );
}
