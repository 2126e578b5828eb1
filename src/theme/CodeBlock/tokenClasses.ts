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

// Pure: the browser's bundle, which never colours tokens by class, drops it.
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

/** The classes that colour a token of these types in every mode, e.g. `token keyword tl0-9 td0-0 td1-0`. */
export function tokenClassName(modes: ColorModes, types: readonly string[], empty: boolean): string {
  const {dictionaries, properties, values} = tableOf(modes);
  const classes = ['token', ...types];
  // prism-react-renderer lays out an empty token inline-block unless it has one type other than plain.
  if (empty && (types.length !== 1 || types[0] === 'plain')) classes.push(emptyTokenClass);
  for (const [letter, dictionary] of dictionaries) {
    const style = mergedStyle(types, dictionary);
    properties.forEach((property, p) => {
      const value = style[property];
      if (value === undefined) return;
      classes.push(`t${letter}${p}-${values.get(letter)!.get(property)!.indexOf(String(value))}`);
    });
  }
  return classes.join(' ');
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
  return `/* Code token colours, generated from src/constants/codeThemes.ts (src/theme/CodeBlock/tokenClasses.ts). */\n${rules.join('\n')}\n`;
}
