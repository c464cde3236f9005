import { readableOn } from '../../ui/contrast';

/** A small text badge and colour hinting at a file's type, IDE-style. */
export interface FileIcon {
  label: string;
  color: string;
}

const byExtension: Record<string, FileIcon> = {
  ts: { label: 'TS', color: '#4d9de0' },
  mts: { label: 'TS', color: '#4d9de0' },
  cts: { label: 'TS', color: '#4d9de0' },
  tsx: { label: 'TSX', color: '#5fb3d9' },
  js: { label: 'JS', color: '#e8d44d' },
  mjs: { label: 'JS', color: '#e8d44d' },
  cjs: { label: 'JS', color: '#e8d44d' },
  jsx: { label: 'JSX', color: '#e8d44d' },
  json: { label: '{}', color: '#d7ba7d' },
  jsonc: { label: '{}', color: '#d7ba7d' },
  jsonl: { label: '{}', color: '#d7ba7d' },
  md: { label: 'M↓', color: '#6ea8fe' },
  mdx: { label: 'M↓', color: '#6ea8fe' },
  css: { label: '#', color: '#b48ead' },
  scss: { label: '#', color: '#d770ad' },
  less: { label: '#', color: '#b48ead' },
  html: { label: '<>', color: '#e38c62' },
  htm: { label: '<>', color: '#e38c62' },
  vue: { label: 'V', color: '#5fd38d' },
  svelte: { label: 'S', color: '#ff7043' },
  py: { label: 'PY', color: '#5a9fd4' },
  rb: { label: 'RB', color: '#e0605a' },
  rs: { label: 'RS', color: '#dea584' },
  go: { label: 'GO', color: '#4fc3d9' },
  java: { label: 'J', color: '#e0915a' },
  kt: { label: 'KT', color: '#a97bff' },
  swift: { label: 'SW', color: '#f0784a' },
  c: { label: 'C', color: '#7f9fd0' },
  h: { label: 'H', color: '#a48fd0' },
  cpp: { label: 'C+', color: '#7f9fd0' },
  hpp: { label: 'H+', color: '#a48fd0' },
  cs: { label: 'C#', color: '#68a063' },
  php: { label: 'PHP', color: '#8892bf' },
  sh: { label: '$', color: '#89e051' },
  bash: { label: '$', color: '#89e051' },
  zsh: { label: '$', color: '#89e051' },
  ps1: { label: '$', color: '#5a9fd4' },
  yml: { label: 'YML', color: '#e06c75' },
  yaml: { label: 'YML', color: '#e06c75' },
  toml: { label: 'TML', color: '#c0a080' },
  ini: { label: 'INI', color: '#9aa3b5' },
  xml: { label: '<>', color: '#e38c62' },
  svg: { label: 'SVG', color: '#ffb13b' },
  sql: { label: 'SQL', color: '#e5c07b' },
  txt: { label: '≡', color: '#9aa3b5' },
  log: { label: '≡', color: '#7d8699' },
  lock: { label: '◆', color: '#7d8699' },
  png: { label: 'IMG', color: '#a074c4' },
  jpg: { label: 'IMG', color: '#a074c4' },
  jpeg: { label: 'IMG', color: '#a074c4' },
  gif: { label: 'IMG', color: '#a074c4' },
  webp: { label: 'IMG', color: '#a074c4' },
  ico: { label: 'IMG', color: '#a074c4' },
  pdf: { label: 'PDF', color: '#e0605a' },
  zip: { label: 'ZIP', color: '#9aa3b5' },
  gz: { label: 'ZIP', color: '#9aa3b5' },
  wasm: { label: 'WA', color: '#8a7cf0' },
};

const byName: Record<string, FileIcon> = {
  'package.json': { label: 'npm', color: '#e0605a' },
  'package-lock.json': { label: 'npm', color: '#7d8699' },
  dockerfile: { label: 'DK', color: '#4d9de0' },
  makefile: { label: 'MK', color: '#e5c07b' },
  license: { label: '©', color: '#d7ba7d' },
  '.gitignore': { label: 'GIT', color: '#f05033' },
  '.gitattributes': { label: 'GIT', color: '#f05033' },
  '.gitmodules': { label: 'GIT', color: '#f05033' },
  '.env': { label: 'ENV', color: '#e5c07b' },
  '.editorconfig': { label: 'EC', color: '#9aa3b5' },
  'tsconfig.json': { label: 'TS', color: '#4d9de0' },
};

const fallback: FileIcon = { label: '•', color: '#8a93a6' };

/**
 * The badge's colour in both themes, as CSS `light-dark()` (it follows `color-scheme`, which theme.css sets per theme):
 * the table's colour made readable (4.5:1) on the selected row of each palette, so a yellow `JS` stays legible on white:
 * on the focused tree's selection (theme.css `--selection-bg` over `--bg-raised`), the harder of the two selected
 * backgrounds (the unfocused one is `--bg-active`, darker in the dark theme and lighter in the light one).
 */
const LIGHT_SELECTED = '#d0dff4';
const DARK_SELECTED = '#243558';
const themedCache = new Map<FileIcon, FileIcon>();
function themed(icon: FileIcon): FileIcon {
  let done = themedCache.get(icon);
  if (!done) {
    done = { label: icon.label, color: `light-dark(${readableOn(icon.color, LIGHT_SELECTED)}, ${readableOn(icon.color, DARK_SELECTED)})` };
    themedCache.set(icon, done);
  }
  return done;
}

const readme: FileIcon = { label: 'i', color: '#6ea8fe' };

function pick(lower: string): FileIcon {
  if (byName[lower]) return byName[lower];
  if (lower.startsWith('.env.')) return byName['.env'];
  if (lower.startsWith('readme')) return readme;
  const dot = lower.lastIndexOf('.');
  if (dot > 0) {
    const ext = lower.slice(dot + 1);
    if (byExtension[ext]) return byExtension[ext];
  }
  return fallback;
}

export function fileIcon(name: string): FileIcon {
  return themed(pick(name.toLowerCase()));
}
