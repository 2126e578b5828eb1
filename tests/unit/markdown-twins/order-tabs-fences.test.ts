import {expect, test} from 'vitest';
import {orderTabs} from '../../../plugins/markdown-twins/format';

// Which lines close a code fence inside a tab, and which only look like one:
// a label-like line stays in its tab's code until the fence really closes.

const twin = (code: string[]) =>
  [
    '<!-- tabs: language -->',
    '',
    '**curl**: `examples/a.sh`',
    '',
    ...code,
    '',
    '**Python**: `examples/a.py`',
    '',
    'z',
    '',
    '<!-- /tabs -->',
  ].join('\n');

const pythonFirst = (code: string[]) =>
  [
    '<!-- tabs: language -->',
    '',
    '**Python**: `examples/a.py`',
    '',
    'z',
    '',
    '**curl**: `examples/a.sh`',
    '',
    ...code,
    '',
    '<!-- /tabs -->',
  ].join('\n');

test('a shorter fence, the other fence character, or a fence with an info string does not close a fence', () => {
  for (const notClosing of ['```', '~~~~', '```` js']) {
    const code = ['````sh', notClosing, '**Node.js**: `examples/b.ts`', '````'];
    expect(orderTabs(twin(code), {language: 'python'}), notClosing).toBe(pythonFirst(code));
  }
});

test('a closing fence as long or longer, with trailing spaces, closes it', () => {
  const code = ['```sh', 'x', '`````  ', '**Node.js**: `examples/b.ts`', '', 'y'];
  expect(orderTabs(twin(code), {language: 'node'}).split('\n').slice(0, 5)).toEqual([
    '<!-- tabs: language -->',
    '',
    '**Node.js**: `examples/b.ts`',
    '',
    'y',
  ]);
});

test('backticks inside a sentence, or a line starting with one tilde, open no fence before a group', () => {
  for (const prose of ['Type ``` to start a fence.', '~/bin holds the tools.']) {
    expect(orderTabs(`${prose}\n\n${twin(['x'])}`, {language: 'python'}), prose).toBe(
      `${prose}\n\n${pythonFirst(['x'])}`,
    );
  }
});

test('a group left open at the end of the twin is reordered up to the end, with nothing added', () => {
  const open = twin(['x']).replace('\n\n<!-- /tabs -->', '');
  expect(orderTabs(open, {language: 'python'})).toBe(
    [
      '<!-- tabs: language -->',
      '',
      '**Python**: `examples/a.py`',
      '',
      'z',
      '**curl**: `examples/a.sh`',
      '',
      'x',
      '',
    ].join('\n'),
  );
});
