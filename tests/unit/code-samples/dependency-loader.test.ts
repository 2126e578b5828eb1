import {createRequire} from 'node:module';
import {expect, test} from 'vitest';

// The pre-loader that makes a page rebuild when a sample it names changes: it
// declares each examples/ file of a page as a dependency and leaves the source as it is.
const require = createRequire(import.meta.url);
const loader = require('../../../plugins/code-samples/dependency-loader.cjs') as (
  this: {getOptions: () => {siteDir: string}; addDependency: (file: string) => void},
  source: string,
) => string;

test('declares every sample file the page names, quoted or not, and returns the page unchanged', () => {
  const added: string[] = [];
  const context = {getOptions: () => ({siteDir: '/site'}), addDependency: (file: string) => added.push(file)};
  const page = [
    ':::code-tabs',
    '```bash file=examples/api/get-payment.sh',
    '```',
    '```ts file="examples/api/get payment.ts" label=Node',
    '```',
    ':::',
    'Prose that mentions profile=examples/not-a-fence is a word, not a setting.',
    '```ts',
    'const file = 1;',
    '```',
  ].join('\n');
  expect(loader.call(context, page)).toBe(page);
  expect(added).toEqual(['/site/examples/api/get-payment.sh', '/site/examples/api/get payment.ts']);
});
