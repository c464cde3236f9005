import type { ITheme, Terminal } from '@xterm/xterm';
import { useEffect } from 'react';
import { usePrefsStore, useResolvedTheme, type ResolvedTheme } from '../../i18n/prefsStore';

function cssVar(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

/**
 * The terminal's colours per theme: background, text and cursor are theme.css's `--bg-sunken`, `--text` and `--accent`
 * of that palette (theme.test.ts checks they agree), plus an ANSI palette tuned to it. Written out rather than read
 * from the CSS variables, because the prefs change before `<html data-theme>` does.
 */
export const terminalPalettes: Record<ResolvedTheme, ITheme> = {
  dark: {
    background: '#0f1115',
    foreground: '#d7dae0',
    cursor: '#6ea8fe',
    cursorAccent: '#0f1115',
    selectionBackground: 'rgba(110, 168, 254, 0.32)',
    selectionInactiveBackground: 'rgba(138, 147, 166, 0.25)',
    scrollbarSliderBackground: 'rgba(138, 147, 166, 0.25)',
    scrollbarSliderHoverBackground: 'rgba(138, 147, 166, 0.4)',
    scrollbarSliderActiveBackground: 'rgba(138, 147, 166, 0.55)',
    black: '#1e2127',
    red: '#f27880',
    green: '#5fd38d',
    yellow: '#e5c07b',
    blue: '#6ea8fe',
    magenta: '#c678dd',
    cyan: '#56b6c2',
    white: '#d7dae0',
    brightBlack: '#7f8899',
    brightRed: '#ff8a91',
    brightGreen: '#86e6ab',
    brightYellow: '#f2d39a',
    brightBlue: '#95c0ff',
    brightMagenta: '#dc9ef0',
    brightCyan: '#80d4de',
    brightWhite: '#ffffff',
  },
  // On a light background "white" and "bright white" are dark greys (as in most light terminal themes), so text a
  // program writes in white stays readable; every colour keeps 4.5:1 on the background.
  light: {
    background: '#eef1f5',
    foreground: '#1f2328',
    cursor: '#0a5bd6',
    cursorAccent: '#eef1f5',
    selectionBackground: 'rgba(10, 91, 214, 0.22)',
    selectionInactiveBackground: 'rgba(89, 99, 110, 0.18)',
    scrollbarSliderBackground: 'rgba(89, 99, 110, 0.25)',
    scrollbarSliderHoverBackground: 'rgba(89, 99, 110, 0.4)',
    scrollbarSliderActiveBackground: 'rgba(89, 99, 110, 0.55)',
    black: '#1f2328',
    red: '#b42318',
    green: '#17702f',
    yellow: '#7d5600',
    blue: '#0a5bd6',
    magenta: '#8b2b9e',
    cyan: '#0b6e8a',
    white: '#59636e',
    brightBlack: '#59636e',
    brightRed: '#9a1c12',
    brightGreen: '#0f5323',
    brightYellow: '#633c01',
    brightBlue: '#0550ae',
    brightMagenta: '#6639ba',
    brightCyan: '#085a70',
    brightWhite: '#1f2328',
  },
};

/** The terminal's colours for a theme (the window's current one by default). */
export function terminalTheme(theme: ResolvedTheme = usePrefsStore.getState().theme): ITheme {
  return terminalPalettes[theme];
}

/** Keeps an xterm's colours on the window's theme as it changes (dark, light, or the system's when it follows it). */
export function useTerminalThemeFollow(terminal: () => Terminal | null | undefined): void {
  const theme = useResolvedTheme();
  useEffect(() => {
    const term = terminal();
    if (term) term.options.theme = terminalTheme(theme);
    // `terminal` reads a ref: only a change of theme applies (the terminal is created with the current one).
  }, [theme]);
}

export function terminalFont(): string {
  return cssVar('--font-mono', "Menlo, Consolas, 'DejaVu Sans Mono', monospace");
}
