/**
 * The settings' numbers in words a person understands: what each is called, whether it is a whole number, its unit,
 * and the message for a value out of range ("Max tool loops per TODO must be a whole number from 1 to 200"), never a
 * key of the file. The core's checks (core/settings/settingsLayers.ts) and the settings view's checks as you type
 * (features/settings/settingsChecks.ts) use these same words; the ranges come from the core (the settings snapshot).
 */

export interface NumberSetting {
  label: string;
  whole: boolean;
  unit?: string;
}

/** The number fields of a settings file, by their key (in `model`, `models.<name>`, `agent`, `agent.spec`, `checkpoints`). */
export const NUMBER_SETTINGS = {
  timeoutSeconds: { label: 'Timeout', whole: false, unit: 'seconds' },
  maxRetries: { label: 'Retries', whole: true },
  inputPricePer1M: { label: 'Input price', whole: false, unit: 'USD per 1M tokens' },
  outputPricePer1M: { label: 'Output price', whole: false, unit: 'USD per 1M tokens' },
  temperature: { label: 'Temperature', whole: false },
  maxTokens: { label: 'Max answer tokens', whole: true, unit: 'tokens' },
  contextWindow: { label: 'Context window', whole: true, unit: 'tokens' },
  contextTokens: { label: 'Context budget', whole: true, unit: 'tokens' },
  skipConfidence: { label: 'Skip confidence', whole: false },
  retentionDays: { label: 'Checkpoint retention', whole: true, unit: 'days' },
} as const satisfies Record<string, NumberSetting>;
export type NumberField = keyof typeof NUMBER_SETTINGS;

/** What a model's price may be, in USD per 1M tokens (`model.inputPricePer1M`, `model.outputPricePer1M`). */
export const PRICE_RANGE = { min: 0, max: 1_000_000 } as const;

/** "maxToolLoopsPerTodo" → "Max tool loops per TODO". */
export function limitLabel(name: string): string {
  const words = name
    .replace(/([A-Z])/g, ' $1')
    .toLowerCase()
    .replace(/\btodo\b/g, 'TODO')
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A policy limit (`agent.policy.limits.<name>`): every limit is a whole number. */
export function limitSetting(name: string): NumberSetting {
  return { label: limitLabel(name), whole: true };
}

const plain = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 6 });

/** "Timeout must be a number from 1 to 3,600 seconds". */
export function rangeMessage(setting: NumberSetting, range: { min: number; max: number }): string {
  return `${setting.label} must be ${setting.whole ? 'a whole number' : 'a number'} from ${plain(range.min)} to ${plain(range.max)}${setting.unit ? ` ${setting.unit}` : ''}`;
}

/** The value is a number the setting takes (finite, in range, whole when it must be). */
export function inRange(setting: NumberSetting, range: { min: number; max: number }, value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= range.min && value <= range.max && (!setting.whole || Number.isInteger(value));
}
