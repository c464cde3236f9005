/**
 * WCAG 2 contrast arithmetic for the themes (theme.test.ts, file icon colours): colours as `#rgb`, `#rrggbb`,
 * `#rrggbbaa` or `rgb(a)(r, g, b[, a])`; a translucent colour is laid over the colour under it first.
 */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

export function parseColor(text: string): Rgba {
  const value = text.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3,8})$/.exec(value);
  if (hex) {
    let h = hex[1];
    if (h.length === 3 || h.length === 4) h = [...h].map((c) => c + c).join('');
    if (h.length !== 6 && h.length !== 8) throw new Error(`not a colour: ${text}`);
    const byte = (i: number) => parseInt(h.slice(i, i + 2), 16);
    return { r: byte(0), g: byte(2), b: byte(4), a: h.length === 8 ? byte(6) / 255 : 1 };
  }
  const fn = /^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*(?:,\s*([\d.]+)\s*)?\)$/.exec(value);
  if (fn) return { r: Number(fn[1]), g: Number(fn[2]), b: Number(fn[3]), a: fn[4] === undefined ? 1 : Number(fn[4]) };
  throw new Error(`not a colour: ${text}`);
}

/** `top` laid over `under` (which is made opaque first). */
export function over(top: Rgba, under: Rgba): Rgba {
  const u = under.a < 1 ? over(under, { r: 0, g: 0, b: 0, a: 1 }) : under;
  const mix = (t: number, b: number) => t * top.a + b * (1 - top.a);
  return { r: mix(top.r, u.r), g: mix(top.g, u.g), b: mix(top.b, u.b), a: 1 };
}

export function luminance(c: Rgba): number {
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b);
}

/** The contrast ratio (1 to 21) of a text colour on a background; translucent colours are composed first. */
export function contrast(text: string | Rgba, background: string | Rgba): number {
  const bg = over(typeof background === 'string' ? parseColor(background) : background, { r: 0, g: 0, b: 0, a: 1 });
  const fgRaw = typeof text === 'string' ? parseColor(text) : text;
  const fg = fgRaw.a < 1 ? over(fgRaw, bg) : fgRaw;
  const [hi, lo] = [luminance(fg), luminance(bg)].sort((a, b) => b - a);
  return (hi + 0.05) / (lo + 0.05);
}

export function toHex(c: Rgba): string {
  const byte = (v: number) => Math.round(Math.min(255, Math.max(0, v))).toString(16).padStart(2, '0');
  return `#${byte(c.r)}${byte(c.g)}${byte(c.b)}`;
}

/**
 * The colour moved toward black or white, in small steps, until it reaches `ratio` on `background` (the colour itself
 * when it already does): keeps a hue recognisable while making it readable on the other theme's backgrounds.
 */
export function readableOn(color: string, background: string, ratio = 4.5): string {
  const c = parseColor(color);
  const bg = parseColor(background);
  const target = luminance(bg) > 0.5 ? 0 : 255;
  for (let t = 0; t <= 1.0001; t += 0.02) {
    const hex = toHex({ r: c.r + (target - c.r) * t, g: c.g + (target - c.g) * t, b: c.b + (target - c.b) * t, a: 1 });
    if (contrast(hex, bg) >= ratio) return hex;
  }
  return target === 0 ? '#000000' : '#ffffff';
}
