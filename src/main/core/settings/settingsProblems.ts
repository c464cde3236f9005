import { plainWords, settingsErrors, type ErrorWords, type Words } from '../../../shared/errors';

/**
 * `settings.get`'s `problems` (English, as the API and older clients read them) and, at the same index,
 * `problemWords` (issue 14): the words that say a problem in the settings view's language, null for one that has
 * none (zod's own text the generic input words cannot say, `input.invalid`).
 */
export function settingsProblems() {
  const texts: string[] = [];
  const words: (ErrorWords | null)[] = [];
  const add = (text: string, said: Words | null) => {
    texts.push(text);
    // Words only where they say what the English says (the English is never changed to fit them).
    words.push(said && said.en === text ? plainWords(said) : null);
  };
  return {
    texts,
    words,
    /** A problem that is words. */
    said: (w: Words) => add(w.en, w),
    /** A field of `file` and its problem; `leftOut`: the agent leaves the field out (else it is not used until fixed). */
    field(file: string, issue: { path: string; message: string; words?: ErrorWords }, leftOut: boolean) {
      const text = `${file}: ${issue.path}: ${issue.message}${leftOut ? ' (left out by the agent)' : ' (not used until it is fixed)'}`;
      add(text, issue.words ? settingsErrors.inFile(file, issue.path, leftOut ? 1 : 0, issue.words.key, ...issue.words.values) : null);
    },
  };
}
