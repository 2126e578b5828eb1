import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {createElement} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {Highlight, Prism, type PrismTheme} from 'prism-react-renderer';
import {beforeAll, expect, test} from 'vitest';
import {codeThemes} from '../../../plugins/code-blocks/codeThemes';
import {tokenClassName, tokenCss} from '../../../plugins/code-blocks/theme/CodeBlock/tokenClasses';

// Code tokens are coloured by classes and one stylesheet instead of inline
// styles. prism-react-renderer's own inline styles are the reference: a
// token's classes must give exactly those, in both colour modes.

type Mode = 'light' | 'dark';
type Declarations = Record<string, string>;

/** The generated stylesheet's rules: scope (a mode, or every mode), class and declarations. */
const rules = [...tokenCss(codeThemes).matchAll(/^(?:\[data-theme='(light|dark)'\] )?\.([\w-]+) \{\n([^}]*)\}/gm)].map(
  ([, mode, name, body]) => ({
    mode,
    name,
    declarations: [...body.matchAll(/^\s+([\w-]+): ([^;]+);$/gm)].map(([, property, value]) => [property, value]),
  }),
);

/** The declarations the generated stylesheet gives an element with these classes in a mode. */
function styleOf(className: string, mode: Mode): Declarations {
  const classes = new Set(className.split(' '));
  const style: Declarations = {};
  for (const rule of rules) {
    if (!classes.has(rule.name) || (rule.mode && rule.mode !== mode)) continue;
    for (const [property, value] of rule.declarations) style[property] = value;
  }
  return style;
}

test('a keyword is blue in light mode, purple and italic in dark mode', () => {
  const className = tokenClassName(codeThemes, ['keyword'], false);
  expect(className.startsWith('token keyword ')).toBe(true);
  expect(styleOf(className, 'light')).toEqual({color: 'rgb(0, 0, 255)'});
  expect(styleOf(className, 'dark')).toEqual({color: 'rgb(189, 147, 249)', 'font-style': 'italic'});
});

test("a token of two types takes each property from the last type that sets it, as Prism's themes do", () => {
  // bash's `export`: builtin then class-name. Light styles both (class-name wins); dark only builtin.
  const className = tokenClassName(codeThemes, ['builtin', 'class-name'], false);
  expect(styleOf(className, 'light')).toEqual({color: 'rgb(38, 127, 153)'});
  expect(styleOf(className, 'dark')).toEqual({color: 'rgb(189, 147, 249)'});
});

test('plain text has no colour of its own, and an empty line keeps its inline-block box', () => {
  expect(tokenClassName(codeThemes, ['plain'], false)).toBe('token plain');
  expect(styleOf(tokenClassName(codeThemes, ['plain'], true), 'light')).toEqual({display: 'inline-block'});
  // prism-react-renderer's exception: an empty token of one other type has only that type's style.
  expect(styleOf(tokenClassName(codeThemes, ['comment'], true), 'light')).toEqual({color: 'rgb(0, 128, 0)'});
});

test('the stylesheet scopes every colour to one colour mode', () => {
  const rules = tokenCss(codeThemes).match(/^[^\n/]+\{$/gm) ?? [];
  expect(rules.length).toBeGreaterThan(10);
  for (const rule of rules) expect(rule).toMatch(/^(\[data-theme='(light|dark)'\] \.t[ld]\d+-\d+|\.te) \{$/);
});

interface Rendered {
  types: string[];
  empty: boolean;
  style: Declarations;
}

/** Every token of `code` with the inline style prism-react-renderer gives it under `theme`. */
function inlineStyles(code: string, language: string, theme: PrismTheme): Rendered[] {
  const tokens: Rendered[] = [];
  renderToStaticMarkup(
    createElement(Highlight, {
      code,
      language,
      theme,
      children: ({tokens: lines, getTokenProps}) => {
        for (const line of lines) {
          for (const token of line) {
            const style = Object.entries(getTokenProps({token}).style ?? {})
              .filter(([, value]) => value !== undefined)
              .map(([key, value]) => [key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), String(value)]);
            tokens.push({types: token.types, empty: token.empty === true, style: Object.fromEntries(style)});
          }
        }
        return null;
      },
    }),
  );
  return tokens;
}

beforeAll(async () => {
  // bash, one of the site's additional Prism languages (docusaurus.config.ts), loaded as Docusaurus loads it.
  (globalThis as {Prism?: unknown}).Prism = Prism;
  const bash: string = 'prismjs/components/prism-bash';
  await import(bash);
});

const examples = path.join(__dirname, '../../../examples');
const files = readdirSync(examples, {recursive: true, encoding: 'utf8'}).filter((file) => /\.(ts|py|sh)$/.test(file));
const languages: Record<string, string> = {ts: 'ts', py: 'python', sh: 'bash'};

test('every token of every example file gets from its classes the style Prism would inline, in both modes', () => {
  expect(files.length).toBeGreaterThan(10);
  let checked = 0;
  for (const file of files) {
    const code = readFileSync(path.join(examples, file), 'utf8');
    const language = languages[file.slice(file.lastIndexOf('.') + 1)];
    for (const mode of ['light', 'dark'] as const) {
      for (const token of inlineStyles(code, language, codeThemes[mode])) {
        const className = tokenClassName(codeThemes, token.types, token.empty);
        expect(styleOf(className, mode), `${file}: ${token.types.join(' ')}`).toEqual(token.style);
        checked += 1;
      }
    }
  }
  expect(checked).toBeGreaterThan(5000);
});
