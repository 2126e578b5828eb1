import {expect, test} from 'vitest';
import {codeThemes} from '../../../plugins/code-blocks/codeThemes';

type Rgb = [number, number, number];

/** Parses #rgb, #rrggbb and rgb()/rgba() colors; alpha is blended over `under`. */
function parseColor(color: string, under?: Rgb): Rgb {
  const hex = color.match(/^#([0-9a-f]{3}|[0-9a-f]{6})$/i);
  if (hex) {
    const digits = hex[1].length === 3 ? [...hex[1]].map((c) => c + c).join('') : hex[1];
    return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as Rgb;
  }
  const fn = color.match(/^rgba?\(([^)]+)\)$/);
  if (!fn) {
    throw new Error(`Unparsed color ${color}`);
  }
  const [r, g, b, a = 1] = fn[1].split(',').map(Number);
  if (a === 1 || !under) {
    return [r, g, b];
  }
  return [r, g, b].map((c, i) => c * a + under[i] * (1 - a)) as Rgb;
}

function luminance([r, g, b]: Rgb): number {
  const linear = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

// axe checks only the tokens today's samples happen to contain; this checks
// every token type the themes color, so a new sample cannot bring a faint one.
for (const [mode, theme] of Object.entries(codeThemes)) {
  test(`every ${mode} code token reaches 4.5:1 against the code background`, () => {
    const background = parseColor(theme.plain.backgroundColor!);
    const colors = [
      {types: ['plain'], color: theme.plain.color!},
      ...theme.styles.filter((rule) => rule.style.color).map((rule) => ({types: rule.types, color: rule.style.color!})),
    ];
    expect(colors.length).toBeGreaterThan(5);
    const faint = colors
      .map(({types, color}) => ({
        types: types.join('/'),
        color,
        ratio: contrast(parseColor(color, background), background),
      }))
      .filter(({ratio}) => ratio < 4.5)
      .map(({types, color, ratio}) => `${types} ${color} ${ratio.toFixed(2)}:1`);
    expect(faint).toEqual([]);
  });
}
