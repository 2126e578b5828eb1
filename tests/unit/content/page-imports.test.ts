import {readFileSync} from 'node:fs';
import {expect, test} from 'vitest';
import {markdownSources} from '../../support/content';

// README, "What may import what": pages (docs/, changelog/, src/pages/) import from src/components/
// only; samples come in through fences, never imports. MDX's own import lines, not those of code
// blocks (a sample's `import` is text to show).

/** The import lines of an MDX text outside its fenced code blocks, each with its line number. */
function mdxImports(text: string): {line: number; text: string}[] {
  const found: {line: number; text: string}[] = [];
  let fence: string | undefined;
  for (const [i, line] of text.split('\n').entries()) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && !fence) fence = marker;
    else if (marker && fence && marker.startsWith(fence) && line.trim() === marker) fence = undefined;
    else if (!fence && /^import\s/.test(line)) found.push({line: i + 1, text: line});
  }
  return found;
}

const allowed = /^import [A-Z]\w* from '@site\/src\/components\/[A-Z]\w*';$/;

test('the scan finds an import outside fences and none inside one', () => {
  const planted = [
    "import StatusTable from '@site/src/components/StatusTable';",
    '```ts file=examples/api/create-payment.ts',
    "import {readFileSync} from 'node:fs';",
    '```',
    "import create from '@site/examples/api/create-payment.ts';",
  ].join('\n');
  expect(mdxImports(planted).filter(({text}) => !allowed.test(text))).toEqual([
    {line: 5, text: "import create from '@site/examples/api/create-payment.ts';"},
  ]);
});

test('every page imports from src/components/ only, one default export per line', () => {
  const imports = markdownSources.flatMap((file) =>
    mdxImports(readFileSync(file, 'utf8')).map(({line, text}) => ({where: `${file}:${line}`, text})),
  );
  expect(imports.length, 'the pages import the tables and tools').toBeGreaterThan(10);
  expect(imports.filter(({text}) => !allowed.test(text))).toEqual([]);
});
