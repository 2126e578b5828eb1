import {expect, test} from 'vitest';
import {runInNewContext} from 'node:vm';
import {moduleSyntaxError} from '../../../plugins/page-scripts/module-check';

test('a bundle of strict-safe code parses as a module script', () => {
  expect(
    moduleSyntaxError('self.a=(self.a||[]).concat(["/x.js"]);\n!function(){\n"use strict";let b=0o10;self.b=b\n}();\n'),
  ).toBe(undefined);
});

// Each of these runs as a classic script, and the browser would refuse it as a module.
test.each([
  ['an octal literal', 'var a=010;', 'SyntaxError: Octal literals are not allowed in strict mode.'],
  ['a with statement', 'with(self){a=1}', 'SyntaxError: Strict mode code may not include a with statement'],
  ['await as a name', 'var await=1;', 'SyntaxError: Unexpected reserved word'],
  ['an HTML-like comment', 'var a=1;\n<!-- legacy comment\n', 'SyntaxError: HTML comments are not allowed in modules'],
])('%s is reported with the reason', (_, script, reason) => {
  expect(() => {
    runInNewContext(script, {self: {}});
  }, 'it runs as a classic script').not.toThrow();
  expect(moduleSyntaxError(script)).toContain(reason);
});
