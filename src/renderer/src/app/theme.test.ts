import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { akiraDark, akiraLight } from '../features/editor/monacoTheme';
import { terminalPalettes } from '../features/terminal/terminalTheme';
import { fileIcon } from '../features/workspace/fileIcons';
import { contrast, over, parseColor, readableOn } from '../ui/contrast';

// Issue 14: both palettes of theme.css meet WCAG AA where text is drawn: 4.5:1 for text, 3:1 for the boundaries a
// person must see (focus outlines, the focused input's border). A colour change that breaks a pair below fails here.

type Palette = Record<string, string>;

function block(css: string, selector: string): Palette {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`theme.css has no block ${selector}`);
  const body = css.slice(start, css.indexOf('}', start));
  return Object.fromEntries([...body.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2].trim()]));
}

const css = readFileSync(join(__dirname, 'theme.css'), 'utf8');
const palettes: Record<'dark' | 'light', Palette> = {
  dark: block(css, ":root, :root[data-theme='dark']"),
  light: block(css, ":root[data-theme='light']"),
};

/** A background: one variable, or a translucent one laid over another ('--selection-bg over --bg-raised'). */
function background(palette: Palette, spec: string): string {
  const [top, under] = spec.split(' over ');
  const colour = parseColor(palette[top]);
  if (!under) return palette[top];
  const c = over(colour, parseColor(palette[under]));
  return `rgb(${c.r}, ${c.g}, ${c.b})`;
}

const SURFACES = ['--bg', '--bg-raised', '--bg-sunken', '--bg-hover', '--bg-active', '--statusbar-bg'];
const TEXTS = ['--text', '--text-dim', '--accent', '--ok', '--warn', '--danger', '--added', '--modified', '--deleted', '--untracked', '--renamed'];

/** [text, background, minimum ratio]: where each colour is drawn on what (see the feature CSS files). */
const PAIRS: [string, string, number][] = [
  // Text, dim text, links and the status colours on every surface: panels, sidebar, rows hovered and selected, status bar.
  ...TEXTS.flatMap((text) => SURFACES.map((bg): [string, string, number] => [text, bg, 4.5])),
  ['--text-strong', '--bg-raised', 4.5],
  ['--text-strong', '--accent-tint over --bg-raised', 4.5], // the file tree's open file
  ['--text', '--accent-tint over --bg-raised', 4.5], // the Timeline's "pick a checkpoint" bar
  ['--text', '--selection-bg over --bg-raised', 4.5], // the focused tree / search row
  ['--text', '--selection-bg over --bg-sunken', 4.5], // the focused row of the Open Folder list
  ['--text-dim', '--selection-bg over --bg-raised', 4.5],
  ['--text-strong', '--selection-bg over --bg-raised', 4.5], // search toggles that are on
  ['--search-hit-text', '--search-hit-bg over --bg-raised', 4.5],
  // Filled buttons and badges.
  ['--on-accent', '--accent-strong', 4.5],
  ['--on-accent', '--accent-strong-hover', 4.5],
  ['--on-danger', '--danger-strong', 4.5],
  ['--on-danger', '--danger-strong-hover', 4.5],
  ['--on-warn', '--warn', 4.5], // the Review badge
  ['--ok-soft-text', '--ok-soft-bg', 4.5], // Approve
  ['--ok-soft-text', '--ok-soft-hover', 4.5],
  ['--danger-soft-text', '--danger-soft-bg', 4.5], // Reject on, the review warning
  ['--danger-soft-text', '--bg-raised', 4.5], // Reject
  // Tinted bands: a paused session's reason, the plan editor's head, a question, a bad context chip.
  ['--warn', '--warn-bg', 4.5],
  ['--text', '--warn-bg', 4.5],
  ['--danger', '--danger-bg', 4.5],
  ['--text', '--danger-bg', 4.5],
  ['--git-tag', '--bg-sunken', 4.5],
  // Boundaries: the focus outline (--accent) and the focused input's border (--accent-strong), 3:1.
  ...SURFACES.map((bg): [string, string, number] => ['--accent', bg, 3]),
  ['--accent-strong', '--bg', 3],
  ['--accent-strong', '--bg-raised', 3],
  ['--accent-strong', '--bg-sunken', 3],
  ['--folder-icon', '--bg-raised', 3],
  ['--folder-icon-open', '--bg-raised', 3],
];

describe('theme.css', () => {
  it('has the same variables in the dark and the light palette', () => {
    expect(Object.keys(palettes.light).sort()).toEqual(Object.keys(palettes.dark).sort());
    expect(Object.keys(palettes.dark).length).toBeGreaterThan(40);
  });

  it('holds only colours the test can read in its palettes', () => {
    for (const palette of Object.values(palettes)) for (const value of Object.values(palette)) expect(() => parseColor(value)).not.toThrow();
  });

  it('paints the fonts with a CJK fallback', () => {
    const fonts = block(css, ':root');
    for (const face of ['PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Source Han Sans SC', 'WenQuanYi Micro Hei']) expect(fonts['--font-ui']).toContain(`'${face}'`);
    expect(fonts['--font-mono']).toContain("'Noto Sans Mono CJK SC'");
  });

  for (const theme of ['dark', 'light'] as const) {
    describe(`the ${theme} palette meets WCAG AA`, () => {
      for (const [text, bg, min] of PAIRS) {
        it(`${text} on ${bg} ≥ ${min}:1`, () => {
          const palette = palettes[theme];
          const ratio = contrast(palette[text], background(palette, bg));
          expect(Number(ratio.toFixed(2)), `${palette[text]} on ${background(palette, bg)}`).toBeGreaterThanOrEqual(min);
        });
      }
    });
  }
});

describe('Monaco and xterm follow the palettes', () => {
  const editors = { dark: akiraDark, light: akiraLight };
  for (const theme of ['dark', 'light'] as const) {
    it(`the ${theme} editor theme has the palette's background and text, and readable tokens and line numbers`, () => {
      const palette = palettes[theme];
      const editor = editors[theme];
      expect(editor.colors['editor.background']).toBe(palette['--bg']);
      expect(editor.colors['editor.foreground']).toBe(palette['--text']);
      const backgrounds = [editor.colors['editor.background'], editor.colors['editor.lineHighlightBackground']];
      const texts = [...editor.rules.map((r) => `#${r.foreground}`), editor.colors['editorLineNumber.foreground'], editor.colors['editor.foreground']];
      for (const bg of backgrounds) for (const text of texts) expect(contrast(text, bg), `${text} on ${bg}`).toBeGreaterThanOrEqual(4.5);
    });

    it(`the ${theme} terminal has the palette's background, text and cursor, and readable ANSI colours`, () => {
      const palette = palettes[theme];
      const term = terminalPalettes[theme];
      expect([term.background, term.foreground, term.cursor]).toEqual([palette['--bg-sunken'], palette['--text'], palette['--accent']]);
      const ansi = ['red', 'green', 'yellow', 'blue', 'magenta', 'cyan', 'white', 'brightBlack', 'brightRed', 'brightGreen', 'brightYellow', 'brightBlue', 'brightMagenta', 'brightCyan', 'brightWhite'] as const;
      for (const name of ansi) expect(contrast(term[name]!, term.background!), `${name} ${term[name]}`).toBeGreaterThanOrEqual(4.5);
    });
  }
});

describe('file badges', () => {
  it('are readable on a selected row in both themes', () => {
    for (const name of ['a.js', 'b.ts', 'c.json', 'd.lock', 'README.md', 'Makefile', 'x.unknown']) {
      const m = /^light-dark\((#[0-9a-f]{6}), (#[0-9a-f]{6})\)$/.exec(fileIcon(name).color);
      expect(m, fileIcon(name).color).not.toBeNull();
      expect(contrast(m![1], palettes.light['--bg-active'])).toBeGreaterThanOrEqual(4.5);
      expect(contrast(m![2], palettes.dark['--bg-active'])).toBeGreaterThanOrEqual(4.5);
      // The focused tree's selected row too (axe found a badge at 4.38:1 there).
      expect(contrast(m![1], background(palettes.light, '--selection-bg over --bg-raised'))).toBeGreaterThanOrEqual(4.5);
      expect(contrast(m![2], background(palettes.dark, '--selection-bg over --bg-raised'))).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keep a colour that already reads and move one that does not', () => {
    expect(readableOn('#1f2328', '#ffffff')).toBe('#1f2328');
    expect(contrast(readableOn('#e8d44d', '#ffffff'), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(readableOn('#4b5263', '#14161b'), '#14161b')).toBeGreaterThanOrEqual(4.5);
  });
});
