import { reasonIn, type ErrorWords } from '../../../../shared/errors';
import { textIn, type Language } from '../../../../shared/i18n';
import { settingsStrings } from './settingsStrings';

/**
 * Why the model settings in effect cannot be used, said on the Settings page itself (issue 27, defect 4): the
 * shared `model.*` words explain every way to configure a model (flags, files, environment, "or in Settings"), which
 * is the CLI's answer; here the fix is the fields below. Other words are said as they are; no words, the English.
 */
export function modelConfigErrorText(error: string, words: ErrorWords | null | undefined, language: Language): string {
  const t = textIn(settingsStrings, language);
  const [a, b] = words?.values ?? [];
  switch (words?.key) {
    case 'model.noModel':
      return t.noModelHere;
    case 'model.noModelName':
      if (typeof a === 'string') return t.noModelNameHere(a);
      break;
    case 'model.noBaseUrl':
      if (typeof a === 'string') return t.noBaseUrlHere(a);
      break;
    case 'model.notAUrl':
      if (typeof a === 'string' && typeof b === 'string') return t.notAUrlHere(a, b);
      break;
  }
  return reasonIn(error, words, language);
}
