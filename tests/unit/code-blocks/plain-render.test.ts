import {describe, expect, test} from 'vitest';
import type {PrismTheme} from 'prism-react-renderer';
import {plainRenderProps} from '../../../plugins/code-blocks/client/plainRender';

// What a code block shows before Prism has loaded: its lines as plain text, in
// the markup and colours prism-react-renderer gives plain text, so the block
// keeps its layout when the tokens arrive.

const theme: PrismTheme = {plain: {color: '#000000', backgroundColor: '#ffffff'}, styles: []};

describe('a code block rendered before Prism loads', () => {
  test('has one plain token per line, and an empty line marked as prism-react-renderer marks it', () => {
    const props = plainRenderProps({code: 'curl \\\n\n  -d x', language: 'Bash', theme, children: () => null as never});
    expect(props.tokens).toEqual([
      [{types: ['plain'], content: 'curl \\'}],
      [{types: ['plain'], content: '\n', empty: true}],
      [{types: ['plain'], content: '  -d x'}],
    ]);
    expect(props.className).toBe('prism-code language-bash');
    expect(props.style).toEqual({color: '#000000', backgroundColor: '#ffffff'});
  });

  test("gives lines and tokens prism-react-renderer's classes, lines the plain colour without its background", () => {
    const props = plainRenderProps({code: 'a', language: 'json', theme, children: () => null as never});
    const [[token]] = props.tokens;
    expect(props.getLineProps({line: [token], className: 'highlighted'})).toEqual({
      className: 'token-line highlighted',
      style: {color: '#000000'},
    });
    expect(props.getTokenProps({token})).toEqual({className: 'token plain', children: 'a', style: undefined});
    expect(props.getTokenProps({token: {types: ['plain'], content: '\n', empty: true}})).toEqual({
      className: 'token plain',
      children: '\n',
      style: {display: 'inline-block'},
    });
  });
});
