/**
 * Code token colours as classes, not inline styles. Each token gets one class
 * per style property of each colour mode (`tl0-3`: light mode, property 0,
 * value 3), and one stylesheet (tokenCss, built with the site) sets them under
 * `[data-theme]`. So the server's HTML is right in both modes and never needs
 * a second render to recolour it, and a page's HTML carries no colour per token.
 * A token's classes give exactly the style prism-react-renderer would inline:
 * its types' styles merged in order, per property.
 */
import type {PrismTheme} from 'prism-react-renderer';

type Style = Record<string, string | number | undefined>;

export type ColorModes = Record<'light' | 'dark', PrismTheme>;

interface Table {
  /** Per mode letter: each token type's style, as prism-react-renderer's theme dictionary has it. */
  dictionaries: Map<string, Map<string, Style>>;
  /** Every style property any token of any mode can have, in a fixed order. */
  properties: string[];
  /** Per mode letter and property: every value a token can get, in a fixed order. */
  values: Map<string, Map<string, string[]>>;
}

/** The class that lays out an empty token as prism-react-renderer does (`display: inline-block`). */
export const emptyTokenClass = 'te';

function dictionary(theme: PrismTheme): Map<string, Style> {
  const types = new Map<string, Style>();
  for (const {types: names, style, languages} of theme.styles) {
    if (languages) throw new Error('A code theme rule for some languages only cannot be a class: drop `languages`');
    for (const name of names) types.set(name, {...types.get(name), ...(style as Style)});
  }
  types.set('plain', {...(theme.plain as Style), backgroundColor: undefined});
  return types;
}

function table(modes: ColorModes): Table {
  const dictionaries = new Map(Object.entries(modes).map(([mode, theme]) => [mode[0], dictionary(theme)]));
  const properties = new Set<string>();
  const values = new Map<string, Map<string, string[]>>();
  for (const [letter, types] of dictionaries) {
    const byProperty = new Map<string, string[]>();
    for (const style of types.values()) {
      for (const [property, value] of Object.entries(style)) {
        if (value === undefined) continue;
        properties.add(property);
        const list = byProperty.get(property) ?? [];
        if (!list.includes(String(value))) list.push(String(value));
        byProperty.set(property, list);
      }
    }
    values.set(letter, byProperty);
  }
  return {dictionaries, properties: [...properties].sort(), values};
}

// Pure: the browser's main bundle drops it (it comes with Prism: ../../client/prism.ts).
const tables = /* @__PURE__ */ new WeakMap<ColorModes, Table>();
const tableOf = (modes: ColorModes) => {
  let found = tables.get(modes);
  if (!found) {
    found = table(modes);
    tables.set(modes, found);
  }
  return found;
};

/** The style prism-react-renderer gives a token of these types in one mode (its styleForToken). */
function mergedStyle(types: readonly string[], dictionary: Map<string, Style>): Style {
  if (types.length === 1) return types[0] === 'plain' ? {} : (dictionary.get(types[0]) ?? {});
  return Object.assign({}, ...types.map((type) => dictionary.get(type))) as Style;
}

/** A colour as `r,g,b,a` for #rgb, #rrggbb, rgb() and rgba(); other forms as they are written. */
function sameColour(value: string): string {
  const hex = /^#([\da-f]{3}|[\da-f]{6})$/i.exec(value);
  if (hex) {
    const digits = hex[1].length === 3 ? [...hex[1]].map((c) => c + c).join('') : hex[1];
    return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)).join(',') + ',1';
  }
  const fn = /^rgba?\(([^)]+)\)$/.exec(value);
  if (!fn) return value;
  const [r, g, b, a = '1'] = fn[1].split(/[\s,/]+/).filter(Boolean);
  return [r, g, b, String(Number(a))].join(',');
}

/**
 * The style classes of a token of these types, each mode's: e.g. `tl0-9 td0-0 td1-0` for a keyword.
 * With `unlessPlain`, a mode's colour that is plain text's own colour in that mode is left out.
 */
function styleClasses(modes: ColorModes, types: readonly string[], unlessPlain = false): string[] {
  const {dictionaries, properties, values} = tableOf(modes);
  const classes: string[] = [];
  for (const [letter, dictionary] of dictionaries) {
    const style = mergedStyle(types, dictionary);
    const plainColour = String(dictionary.get('plain')?.color);
    properties.forEach((property, p) => {
      const value = style[property];
      if (value === undefined) return;
      if (unlessPlain && property === 'color' && sameColour(String(value)) === sameColour(plainColour)) return;
      classes.push(`t${letter}${p}-${values.get(letter)!.get(property)!.indexOf(String(value))}`);
    });
  }
  return classes;
}

/** The classes that colour a token of these types in every mode, e.g. `token keyword tl0-9 td0-0 td1-0`. */
export function tokenClassName(modes: ColorModes, types: readonly string[], empty: boolean): string {
  const classes = ['token', ...types];
  // prism-react-renderer lays out an empty token inline-block unless it has one type other than plain.
  if (empty && (types.length !== 1 || types[0] === 'plain')) classes.push(emptyTokenClass);
  return [...classes, ...styleClasses(modes, types)].join(' ');
}

/**
 * A token's classes as a code line shows them (./compactLine.ts): like
 * tokenClassName's, without a colour that is plain text's own in its mode (the
 * token takes it from its block, as plain text does), or undefined for a token
 * with no style left in any mode: it looks exactly like plain text, so it can
 * be bare text (an operator: black in light mode, Dracula's plain colour in dark).
 */
export function styledTokenClassName(modes: ColorModes, types: readonly string[]): string | undefined {
  const styles = styleClasses(modes, types, true);
  return styles.length === 0 ? undefined : ['token', ...types, ...styles].join(' ');
}

/** Style properties that draw nothing on spaces: a space has no glyph to colour or slant. */
const unseenOnSpaces = /* @__PURE__ */ new Set(['color', 'fontStyle']);

/** Whether some token style of some mode would show on spaces (a background, an underline, a border…). */
export function stylesShowOnSpaces(modes: ColorModes): boolean {
  return tableOf(modes).properties.some((property) => !unseenOnSpaces.has(property));
}

const cssProperty = (property: string) => property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The stylesheet for tokenClassName's classes: each mode's values under its `[data-theme]`. */
export function tokenCss(modes: ColorModes): string {
  const {properties, values} = tableOf(modes);
  const rules = [`.${emptyTokenClass} {\n  display: inline-block;\n}`];
  for (const [mode] of Object.entries(modes)) {
    const letter = mode[0];
    properties.forEach((property, p) => {
      (values.get(letter)!.get(property) ?? []).forEach((value, v) => {
        rules.push(`[data-theme='${mode}'] .t${letter}${p}-${v} {\n  ${cssProperty(property)}: ${value};\n}`);
      });
    });
  }
  return `/* Code token colours, generated from plugins/code-blocks/codeThemes.ts by theme/CodeBlock/tokenClasses.ts. */\n${rules.join('\n')}\n`;
}
