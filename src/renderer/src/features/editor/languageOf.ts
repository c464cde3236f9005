import type { MonacoApi } from './monacoLoader';

/** Monaco's language id for a file path: exact file names first (Dockerfile, Makefile), then extensions. */
export function languageOf(monaco: MonacoApi, path: string): string {
  const name = (path.split('/').pop() ?? path).toLowerCase();
  const languages = monaco.languages.getLanguages();
  for (const lang of languages) {
    if (lang.filenames?.some((f) => f.toLowerCase() === name)) return lang.id;
  }
  let best: { id: string; length: number } | null = null;
  for (const lang of languages) {
    for (const ext of lang.extensions ?? []) {
      const e = ext.toLowerCase();
      // The longest matching extension wins (e.g. ".d.ts" over ".ts").
      if (name.endsWith(e) && (!best || e.length > best.length)) {
        best = { id: lang.id, length: e.length };
      }
    }
  }
  return best?.id ?? 'plaintext';
}
