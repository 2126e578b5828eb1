import {expect, test} from 'vitest';
import {orderTabs} from '../../../plugins/markdown-twins/format';

// Copy page puts the reader's tab first in each group of the twin, and only
// there: group markers, labels and end markers inside code fences are code.

const group = (...tabs: [label: string, file: string, code: string[]][]) => [
  '<!-- tabs: language -->',
  '',
  ...tabs.flatMap(([label, file, code]) => [`**${label}**: \`examples/${file}\``, '', ...code, '']),
  '<!-- /tabs -->',
];

test('the chosen tab moves first; the rest keep their order and bytes', () => {
  const twin = [
    '# Page',
    '',
    ...group(['curl', 'a.sh', ['x']], ['Node.js', 'a.ts', ['y']], ['Python', 'a.py', ['z']]),
    '',
  ];
  expect(orderTabs(twin.join('\n'), {language: 'python'}).split('\n')).toEqual([
    '# Page',
    '',
    '<!-- tabs: language -->',
    '',
    '**Python**: `examples/a.py`',
    '',
    'z',
    '',
    '**curl**: `examples/a.sh`',
    '',
    'x',
    '',
    '**Node.js**: `examples/a.ts`',
    '',
    'y',
    '',
    '<!-- /tabs -->',
    '',
  ]);
});

test('a group written inside a code fence is code, with backticks or tildes, indented up to 3 spaces', () => {
  for (const [open, close] of [
    ['```md', '```'],
    ['~~~', '~~~'],
    ['   ````', '````'],
  ]) {
    const twin = [open, ...group(['curl', 'a.sh', ['x']], ['Python', 'a.py', ['z']]), close, ''].join('\n');
    expect(orderTabs(twin, {language: 'python'}), open).toBe(twin);
  }
});

test('a fence is closed only by the same character, at least as long, with nothing after it', () => {
  for (const notAClose of ['~~~', '``', '```js', '    ```']) {
    const twin = ['````md', notAClose, ...group(['curl', 'a.sh', ['x']], ['Python', 'a.py', ['z']]), '````', ''].join(
      '\n',
    );
    expect(orderTabs(twin, {language: 'python'}), notAClose).toBe(twin);
  }
  // Closed by a longer fence with trailing spaces: the group after it is reordered.
  const closed = ['```md', 'code', '`````  ', ...group(['curl', 'a.sh', ['x']], ['Python', 'a.py', ['z']])].join('\n');
  expect(orderTabs(closed, {language: 'python'}).split('\n').slice(3, 6)).toEqual([
    '<!-- tabs: language -->',
    '',
    '**Python**: `examples/a.py`',
  ]);
});

test('inside a tab, a fenced label line or end marker belongs to the tab', () => {
  const code = ['```md', '**curl**: `examples/other.sh`', '<!-- /tabs -->', '```'];
  const twin = group(['Node.js', 'a.ts', code], ['Python', 'a.py', ['z']]).join('\n');
  expect(orderTabs(twin, {language: 'python'}).split('\n')).toEqual([
    '<!-- tabs: language -->',
    '',
    '**Python**: `examples/a.py`',
    '',
    'z',
    '',
    '**Node.js**: `examples/a.ts`',
    '',
    ...code,
    '',
    '<!-- /tabs -->',
  ]);
});

test('a group never closed runs to the end; a marker with text around it is not a group', () => {
  const open = group(['curl', 'a.sh', ['x']], ['Python', 'a.py', ['z']])
    .slice(0, -1)
    .join('\n');
  expect(orderTabs(open, {language: 'python'}).split('\n').slice(2, 3)).toEqual(['**Python**: `examples/a.py`']);
  for (const marker of [' <!-- tabs: language -->', '<!-- tabs: language --> x']) {
    const twin = [marker, ...group(['curl', 'a.sh', ['x']], ['Python', 'a.py', ['z']]).slice(1)].join('\n');
    expect(orderTabs(twin, {language: 'python'}), marker).toBe(twin);
  }
});
