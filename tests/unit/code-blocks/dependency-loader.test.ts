import {createRequire} from 'node:module';
import {expect, test} from 'vitest';
import {fileSetting, sampleFenceLine} from '../../../plugins/code-blocks/sample';

// The pre-loader that makes a page rebuild when a sample it names changes: it
// declares each examples/ file of a page as a dependency and leaves the source as it is.
const require = createRequire(import.meta.url);
const loader = require('../../../plugins/code-blocks/dependency-loader.cjs') as (
  this: {getOptions: () => Record<string, string>; addDependency: (file: string) => void},
  source: string,
) => string;

// The options the plugin hands it: the patterns of sample.ts, as their sources.
const options = {siteDir: '/site', sampleFenceLine: sampleFenceLine.source, fileSetting: fileSetting.source};

test('declares every sample file the page names, quoted or not, and returns the page unchanged', () => {
  const added: string[] = [];
  const context = {getOptions: () => options, addDependency: (file: string) => added.push(file)};
  const page = [
    ':::code-tabs',
    '```bash file=examples/api/get-payment.sh',
    '```',
    '```ts file="examples/api/get payment.ts" label=Node',
    '```',
    ':::',
    'Prose that mentions profile=examples/not-a-fence is a word, not a setting,',
    'and file=examples/in-prose.ts outside a fence names no sample.',
    '~~~~py title=x file=examples/api/tilde.py',
    '~~~~',
    '```sh file=notes/outside-examples.sh',
    '```',
    '```ts',
    'const file = 1;',
    '```',
  ].join('\n');
  expect(loader.call(context, page)).toBe(page);
  expect(added).toEqual([
    '/site/examples/api/get-payment.sh',
    '/site/examples/api/get payment.ts',
    '/site/examples/api/tilde.py',
  ]);
});

test('refuses to run without the patterns, rather than declare nothing', () => {
  const context = {getOptions: () => ({siteDir: '/site'}), addDependency: () => undefined};
  expect(() => loader.call(context as never, '```ts file=examples/a.ts\n```')).toThrow(
    'dependency-loader.cjs needs the sampleFenceLine and fileSetting options (plugins/code-blocks/index.ts)',
  );
});
