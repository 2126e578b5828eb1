import {expect, test} from 'vitest';
import {codeSize} from '../../../plugins/code-blocks/theme/CodeBlock/codeSize';

test('lines, and the widest line in characters', () => {
  // 13 characters, 0, 5.
  expect(codeSize(['print("paid")', '', '  x()'])).toEqual({lines: 3, columns: 13});
});

test('a tab reaches the next multiple of 8 columns', () => {
  expect(codeSize(['\tx'])).toEqual({lines: 1, columns: 9});
  expect(codeSize(['abc\tx'])).toEqual({lines: 1, columns: 9});
  expect(codeSize(['abcdefgh\tx'])).toEqual({lines: 1, columns: 17});
});

test('a character outside the Basic Multilingual Plane is one column, not two', () => {
  expect(codeSize(['✓ paid 🎉'])).toEqual({lines: 1, columns: 8});
});

test('a block with no lines has no size', () => {
  expect(codeSize([])).toEqual({lines: 0, columns: 0});
});
