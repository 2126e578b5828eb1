import {Highlight, type PrismTheme, type Token} from 'prism-react-renderer';
import {createElement} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, test} from 'vitest';
import {codeThemes} from '../../../plugins/code-blocks/codeThemes';
import {compactLine, type ClassNameOf} from '../../../plugins/code-blocks/theme/CodeBlock/compactLine';
import {styledTokenClassName, stylesShowOnSpaces} from '../../../plugins/code-blocks/theme/CodeBlock/tokenClasses';

// A code line drawn with as few nodes as show the same thing: plain text as
// text, no empty token, spaces joined to their neighbours, neighbours of the
// same classes as one span; its text is the tokens' text unchanged.

const token = (content: string, ...types: string[]): Token => ({types: types.length ? types : ['plain'], content});

/** Classes by the first type: `plain` and `operator` look like plain text. */
const classNameOf: ClassNameOf = ([type]) => (type === 'plain' || type === 'operator' ? undefined : `token ${type}`);

describe('a line of tokens', () => {
  test('plain text is bare text, and neighbours that look alike are one piece', () => {
    const line = [token('const', 'keyword'), token(' '), token('a'), token(' '), token('=', 'operator'), token(' 1')];
    expect(compactLine(line, classNameOf, false)).toEqual([
      {text: 'const', className: 'token keyword'},
      {text: ' a = 1'},
    ]);
  });

  test('tokens with no text are dropped; an empty line has no piece', () => {
    expect(compactLine([token(''), token('x', 'keyword'), token('')], classNameOf, false)).toEqual([
      {text: 'x', className: 'token keyword'},
    ]);
    expect(compactLine([{types: ['plain'], content: '\n', empty: true}], classNameOf, false)).toEqual([]);
    expect(compactLine([{types: ['plain'], content: '', empty: true}], classNameOf, false)).toEqual([]);
  });

  test('spaces between two spans of the same classes join them; elsewhere they are text', () => {
    const line = [token('export', 'keyword'), token(' '), token('const', 'keyword'), token('  ', 'string'), token('x')];
    expect(compactLine(line, classNameOf, false)).toEqual([
      {text: 'export const', className: 'token keyword'},
      {text: '  x'},
    ]);
  });

  test('where a style would show on spaces (an underline), spaces keep their own classes', () => {
    const line = [
      token('a', 'keyword'),
      token(' ', 'string'),
      token('b', 'keyword'),
      token(' '),
      token('c', 'keyword'),
    ];
    expect(compactLine(line, classNameOf, true)).toEqual([
      {text: 'a', className: 'token keyword'},
      {text: ' ', className: 'token string'},
      {text: 'b', className: 'token keyword'},
      {text: ' '},
      {text: 'c', className: 'token keyword'},
    ]);
  });

  test('a tab-only token is spaces too; a token with a letter is not', () => {
    const line = [token('a', 'keyword'), token('\t', 'string'), token('a', 'keyword'), token(' b ', 'string')];
    expect(compactLine(line, classNameOf, false)).toEqual([
      {text: 'a\ta', className: 'token keyword'},
      {text: ' b ', className: 'token string'},
    ]);
  });
});

describe('the site’s code themes', () => {
  const modes = codeThemes;

  test('plain text, and tokens whose colour is plain text’s in both modes, have no classes', () => {
    expect(styledTokenClassName(modes, ['plain'])).toBeUndefined();
    // VS light's operator is black, Dracula gives it none: plain text's colours.
    expect(styledTokenClassName(modes, ['operator'])).toBeUndefined();
  });

  test('a colour that is plain text’s in one mode only keeps the other mode’s class', () => {
    // Punctuation: blue in light mode, Dracula's plain white in dark mode.
    expect(styledTokenClassName(modes, ['punctuation'])).toMatch(/^token punctuation tl\d+-\d+$/);
    expect(styledTokenClassName(modes, ['keyword'])).toMatch(/^token keyword tl\d+-\d+ td\d+-\d+ td\d+-\d+$/);
  });

  test('colour and font style are the only token styles, and neither shows on spaces', () => {
    expect(stylesShowOnSpaces(modes)).toBe(false);
    const underlined: PrismTheme = {
      ...modes.light,
      styles: [{types: ['url'], style: {textDecorationLine: 'underline'}}],
    };
    expect(stylesShowOnSpaces({light: underlined, dark: modes.dark})).toBe(true);
  });

  test('every example file’s lines keep their text, piece after piece', async () => {
    const {readdirSync, readFileSync} = await import('node:fs');
    const path = await import('node:path');
    const examples = path.join(__dirname, '../../../examples');
    const files = readdirSync(examples, {recursive: true, encoding: 'utf8'}).filter((file) => /\.(ts|py)$/.test(file));
    expect(files.length).toBeGreaterThan(10);
    let lines = 0;
    for (const file of files) {
      const code = readFileSync(path.join(examples, file), 'utf8').replace(/\n$/, '');
      const language = file.endsWith('.py') ? 'python' : 'ts';
      renderToStaticMarkup(
        createElement(Highlight, {
          code,
          language,
          theme: modes.light,
          children: ({tokens}) => {
            const shown = tokens.map((line) =>
              compactLine(line, (types) => styledTokenClassName(modes, types), false)
                .map((piece) => piece.text)
                .join(''),
            );
            expect(shown.join('\n'), file).toBe(code);
            lines += tokens.length;
            return null;
          },
        }),
      );
    }
    expect(lines).toBeGreaterThan(1000);
  });
});
