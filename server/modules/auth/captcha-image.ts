import { randomInt } from 'node:crypto';

/** Letters and digits that cannot be mistaken for each other (no 0/O, 1/I/L). Answers are case-insensitive. */
export const CAPTCHA_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

type Stroke = ReadonlyArray<readonly [number, number]>;

/**
 * A small stroke font on a 4 x 6 grid. Glyphs are drawn as paths (never as SVG text), so the answer
 * cannot be read from the markup.
 */
// Glyph data: one glyph a line reads as the font it is, so the formatter leaves it alone.
// prettier-ignore
const GLYPHS: Record<string, Stroke[]> = {
  A: [[[0, 6], [2, 0], [4, 6]], [[1, 4], [3, 4]]],
  B: [[[0, 3], [0, 0], [3, 0], [4, 1], [4, 2], [3, 3], [0, 3], [0, 6], [3, 6], [4, 5], [4, 4], [3, 3]]],
  C: [[[4, 1], [3, 0], [1, 0], [0, 1], [0, 5], [1, 6], [3, 6], [4, 5]]],
  D: [[[0, 0], [0, 6], [2.5, 6], [4, 4.5], [4, 1.5], [2.5, 0], [0, 0]]],
  E: [[[4, 0], [0, 0], [0, 6], [4, 6]], [[0, 3], [3, 3]]],
  F: [[[4, 0], [0, 0], [0, 6]], [[0, 3], [3, 3]]],
  G: [[[4, 1], [3, 0], [1, 0], [0, 1], [0, 5], [1, 6], [3, 6], [4, 5], [4, 3], [2, 3]]],
  H: [[[0, 0], [0, 6]], [[4, 0], [4, 6]], [[0, 3], [4, 3]]],
  J: [[[1, 0], [4, 0]], [[3, 0], [3, 5], [2, 6], [1, 6], [0, 5]]],
  K: [[[0, 0], [0, 6]], [[4, 0], [0, 4]], [[1.5, 2.8], [4, 6]]],
  M: [[[0, 6], [0, 0], [2, 3], [4, 0], [4, 6]]],
  N: [[[0, 6], [0, 0], [4, 6], [4, 0]]],
  P: [[[0, 6], [0, 0], [3, 0], [4, 1], [4, 2], [3, 3], [0, 3]]],
  Q: [[[1, 0], [3, 0], [4, 1], [4, 5], [3, 6], [1, 6], [0, 5], [0, 1], [1, 0]], [[2.5, 4.5], [4, 6.3]]],
  R: [[[0, 6], [0, 0], [3, 0], [4, 1], [4, 2], [3, 3], [0, 3]], [[2, 3], [4, 6]]],
  S: [[[4, 1], [3, 0], [1, 0], [0, 1], [0, 2], [1, 3], [3, 3], [4, 4], [4, 5], [3, 6], [1, 6], [0, 5]]],
  T: [[[0, 0], [4, 0]], [[2, 0], [2, 6]]],
  U: [[[0, 0], [0, 5], [1, 6], [3, 6], [4, 5], [4, 0]]],
  V: [[[0, 0], [2, 6], [4, 0]]],
  W: [[[0, 0], [1, 6], [2, 2.5], [3, 6], [4, 0]]],
  X: [[[0, 0], [4, 6]], [[4, 0], [0, 6]]],
  Y: [[[0, 0], [2, 3], [4, 0]], [[2, 3], [2, 6]]],
  Z: [[[0, 0], [4, 0], [0, 6], [4, 6]]],
  '2': [[[0, 1], [1, 0], [3, 0], [4, 1], [4, 2], [0, 6], [4, 6]]],
  '3': [[[0, 1], [1, 0], [3, 0], [4, 1], [4, 2], [3, 3], [1.5, 3]], [[3, 3], [4, 4], [4, 5], [3, 6], [1, 6], [0, 5]]],
  '4': [[[3, 6], [3, 0], [0, 4], [4, 4]]],
  '5': [[[4, 0], [0, 0], [0, 3], [3, 3], [4, 4], [4, 5], [3, 6], [1, 6], [0, 5]]],
  '6': [[[3.5, 0], [1, 0], [0, 1], [0, 5], [1, 6], [3, 6], [4, 5], [4, 4], [3, 3], [0, 3]]],
  '7': [[[0, 0], [4, 0], [1.5, 6]]],
  '8': [[[1, 3], [0, 2], [0, 1], [1, 0], [3, 0], [4, 1], [4, 2], [3, 3], [1, 3], [0, 4], [0, 5], [1, 6], [3, 6], [4, 5], [4, 4], [3, 3]]],
  '9': [[[4, 3], [1, 3], [0, 2], [0, 1], [1, 0], [3, 0], [4, 1], [4, 5], [3, 6], [0.5, 6]]],
};

const WIDTH = 120;
const HEIGHT = 40;
const rand = (min: number, max: number) => min + (randomInt(0, 10_001) / 10_000) * (max - min);
const fmt = (n: number) => n.toFixed(1);
const darkColour = () => `rgb(${randomInt(20, 110)},${randomInt(20, 110)},${randomInt(40, 140)})`;
const lightColour = () => `rgb(${randomInt(120, 200)},${randomInt(120, 200)},${randomInt(120, 200)})`;

export function randomCaptchaText(length = 4): string {
  let text = '';
  for (let i = 0; i < length; i += 1) text += CAPTCHA_ALPHABET[randomInt(0, CAPTCHA_ALPHABET.length)];
  return text;
}

/** Each glyph is scaled, rotated and shifted at random, and every vertex jittered, before it is written out. */
function glyphPaths(char: string, index: number): string[] {
  const strokes = GLYPHS[char] ?? [];
  const scale = rand(3.3, 4.1);
  const angle = (rand(-25, 25) * Math.PI) / 180;
  const cx = 16 + index * 28 + rand(-3, 3);
  const cy = HEIGHT / 2 + rand(-3, 3);
  const colour = darkColour();
  const width = fmt(rand(1.8, 2.6));
  return strokes.map((stroke) => {
    const points = stroke.map(([x, y]) => {
      const dx = (x - 2) * scale;
      const dy = (y - 3) * scale;
      const px = cx + dx * Math.cos(angle) - dy * Math.sin(angle) + rand(-0.6, 0.6);
      const py = cy + dx * Math.sin(angle) + dy * Math.cos(angle) + rand(-0.6, 0.6);
      return `${fmt(px)} ${fmt(py)}`;
    });
    return `<path d="M${points.join('L')}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`;
  });
}

function noise(): string[] {
  const parts: string[] = [];
  for (let i = 0; i < 4; i += 1) {
    const y = () => fmt(rand(2, HEIGHT - 2));
    parts.push(
      `<path d="M${fmt(rand(0, 20))} ${y()}C${fmt(rand(20, 60))} ${y()} ${fmt(rand(60, 100))} ${y()} ${fmt(rand(100, WIDTH))} ${y()}" fill="none" stroke="${lightColour()}" stroke-width="${fmt(rand(0.8, 1.6))}"/>`,
    );
  }
  for (let i = 0; i < 30; i += 1) {
    parts.push(`<circle cx="${fmt(rand(0, WIDTH))}" cy="${fmt(rand(0, HEIGHT))}" r="${fmt(rand(0.5, 1.4))}" fill="${lightColour()}"/>`);
  }
  return parts;
}

/** An SVG data URL showing `text`; glyph and noise shapes are shuffled together so their order gives nothing away. */
export function renderCaptchaSvg(text: string): string {
  const shapes = [...noise(), ...[...text.toUpperCase()].flatMap((c, i) => glyphPaths(c, i))];
  for (let i = shapes.length - 1; i > 0; i -= 1) {
    const j = randomInt(0, i + 1);
    [shapes[i], shapes[j]] = [shapes[j] as string, shapes[i] as string];
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}"><rect width="100%" height="100%" fill="#f4f6fa"/>${shapes.join('')}</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
