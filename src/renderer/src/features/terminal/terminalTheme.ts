import type { ITheme } from '@xterm/xterm';

function cssVar(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

/** The terminal's colours, from theme.css's variables plus an ANSI palette tuned to them. */
export function terminalTheme(): ITheme {
  const background = cssVar('--bg-sunken', '#0f1115');
  return {
    background,
    foreground: cssVar('--text', '#d7dae0'),
    cursor: cssVar('--accent', '#6ea8fe'),
    cursorAccent: background,
    selectionBackground: 'rgba(110, 168, 254, 0.32)',
    selectionInactiveBackground: 'rgba(138, 147, 166, 0.25)',
    scrollbarSliderBackground: 'rgba(138, 147, 166, 0.25)',
    scrollbarSliderHoverBackground: 'rgba(138, 147, 166, 0.4)',
    scrollbarSliderActiveBackground: 'rgba(138, 147, 166, 0.55)',
    black: '#1e2127',
    red: cssVar('--danger', '#ef6b73'),
    green: cssVar('--ok', '#5fd38d'),
    yellow: cssVar('--warn', '#e5c07b'),
    blue: cssVar('--accent', '#6ea8fe'),
    magenta: '#c678dd',
    cyan: '#56b6c2',
    white: '#d7dae0',
    brightBlack: '#5c6370',
    brightRed: '#ff8a91',
    brightGreen: '#86e6ab',
    brightYellow: '#f2d39a',
    brightBlue: '#95c0ff',
    brightMagenta: '#dc9ef0',
    brightCyan: '#80d4de',
    brightWhite: '#ffffff',
  };
}

export function terminalFont(): string {
  return cssVar('--font-mono', "Menlo, Consolas, 'DejaVu Sans Mono', monospace");
}
