/**
 * Cost of a call in USD: `costUsd(usage, price)` with prices per 1M tokens. `resolvePrice(model, configured)`
 * prefers the configured price, then a small table of well-known models (longest matching prefix, a
 * provider prefix like `openai/` ignored); null when unknown, so the UI shows "cost unknown", not $0.
 */

export interface ModelPrice {
  /** USD per 1M prompt (input) tokens. */
  inputPer1M: number;
  /** USD per 1M completion (output) tokens. */
  outputPer1M: number;
}

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
}

// List prices in USD per 1M tokens (standard tier). Kept small: configure a price for anything else.
const KNOWN: Record<string, ModelPrice> = {
  'gpt-4o': { inputPer1M: 2.5, outputPer1M: 10 },
  'gpt-4o-mini': { inputPer1M: 0.15, outputPer1M: 0.6 },
  'gpt-4.1': { inputPer1M: 2, outputPer1M: 8 },
  'gpt-4.1-mini': { inputPer1M: 0.4, outputPer1M: 1.6 },
  'gpt-4.1-nano': { inputPer1M: 0.1, outputPer1M: 0.4 },
  'o3-mini': { inputPer1M: 1.1, outputPer1M: 4.4 },
  'o4-mini': { inputPer1M: 1.1, outputPer1M: 4.4 },
  'gpt-5': { inputPer1M: 1.25, outputPer1M: 10 },
  'gpt-5-mini': { inputPer1M: 0.25, outputPer1M: 2 },
  'gpt-5-nano': { inputPer1M: 0.05, outputPer1M: 0.4 },
};

export function knownPrice(model: string): ModelPrice | null {
  const name = model.toLowerCase().replace(/^[a-z0-9-]+\//, '');
  let best: string | null = null;
  for (const key of Object.keys(KNOWN)) {
    // `gpt-4o-2024-08-06` matches gpt-4o; `gpt-4o-mini` must not match gpt-4o.
    const matches = name === key || (name.startsWith(`${key}-`) && /^\d/.test(name.slice(key.length + 1)));
    if (matches && (!best || key.length > best.length)) best = key;
  }
  return best ? KNOWN[best] : null;
}

export function resolvePrice(model: string, configured?: ModelPrice | null): ModelPrice | null {
  return configured ?? knownPrice(model);
}

export function costUsd(usage: TokenUsage, price: ModelPrice | null): number | null {
  if (!price) return null;
  const cost = (usage.promptTokens * price.inputPer1M + usage.completionTokens * price.outputPer1M) / 1_000_000;
  return Math.round(cost * 1e8) / 1e8;
}
