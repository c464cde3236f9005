import type { SettingsSnapshotT } from '../../../../shared/contract';
import { inRange, limitSetting, NUMBER_SETTINGS, PRICE_RANGE, type NumberSetting } from '../../../../shared/settings/settingWords';
import { textOf } from '../../i18n';
import { numberStrings } from './numberStrings';
import { generationErrors, parseNumber, withoutGrouping, type FieldErrors, type SettingsForm } from './settingsForm';

/**
 * The settings form's numbers checked as they are typed, against the ranges the core answers (`snapshot.ranges`)
 * and in the core's own words (shared/settings/settingWords.ts, in Chinese numberStrings.ts): "Max tool loops per TODO
 * must be a whole number from 1 to 200", never a key of the file. Answers messages at the core's paths, so each shows next to its field at once,
 * and Save refuses while there are any (nothing is sent).
 */

export type SettingsRanges = SettingsSnapshotT['ranges'];

/** A number as typed: null (empty: not set), the number, or false (not a number this setting takes). */
export function typedNumber(value: string, setting: NumberSetting, range: { min: number; max: number }): number | null | false {
  const n = parseNumber(setting.whole ? withoutGrouping(value) : value);
  if (n === null) return null;
  return inRange(setting, range, n) ? n : false;
}

/** Every number of the form that cannot be saved as typed: path → message. */
export function typedErrors(form: SettingsForm, ranges: SettingsRanges): FieldErrors {
  const errors: FieldErrors = {};
  const words = textOf(numberStrings);
  /** `field`: the setting as numberStrings names it (a NUMBER_SETTINGS key, or `limits.<name>`). */
  const check = (path: string, value: string, field: string, setting: NumberSetting, range: { min: number; max: number }) => {
    if (typedNumber(value, setting, range) === false) errors[path] = words.outOfRange(field, range.min, range.max);
  };
  check('model.timeoutSeconds', form.timeoutSeconds, 'timeoutSeconds', NUMBER_SETTINGS.timeoutSeconds, ranges.timeoutSeconds);
  check('model.maxRetries', form.maxRetries, 'maxRetries', NUMBER_SETTINGS.maxRetries, ranges.maxRetries);
  check('model.inputPricePer1M', form.inputPrice, 'inputPricePer1M', NUMBER_SETTINGS.inputPricePer1M, PRICE_RANGE);
  check('model.outputPricePer1M', form.outputPrice, 'outputPricePer1M', NUMBER_SETTINGS.outputPricePer1M, PRICE_RANGE);
  check('agent.contextTokens', form.contextTokens, 'contextTokens', NUMBER_SETTINGS.contextTokens, ranges.contextTokens);
  for (const [name, range] of Object.entries(ranges.limits)) check(`agent.policy.limits.${name}`, form.policy.limits[name] ?? '', `limits.${name}`, limitSetting(name), range);
  check('agent.spec.skipConfidence', form.skipConfidence, 'skipConfidence', NUMBER_SETTINGS.skipConfidence, ranges.skipConfidence);
  check('checkpoints.retentionDays', form.retentionDays, 'retentionDays', NUMBER_SETTINGS.retentionDays, ranges.retentionDays);
  return { ...errors, ...generationErrors(form) };
}
