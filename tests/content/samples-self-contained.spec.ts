import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {markdownSources} from '../support/content';

// A reader copies the samples of one page into one folder and runs them. So
// every local file a sample imports (a relative TypeScript import, a Python
// module beside it, a sourced shell file) must be shown on the same page, or
// the copied sample fails with "module not found".

/** The example files a Markdown source shows in sample fences, as repository paths. */
function shownFiles(source: string): string[] {
  const text = readFileSync(source, 'utf8');
  return [...text.matchAll(/^`{3,}\w+[^\n]*?\bfile=(examples\/[^\s`]+)/gm)].map((match) => match[1]);
}

/** The local files `file` imports, as repository paths. */
function localImports(file: string): string[] {
  const folder = path.posix.dirname(file);
  const code = readFileSync(file, 'utf8');
  const named: string[] = [];
  if (file.endsWith('.ts')) {
    const specifiers = [
      ...code.matchAll(/^\s*(?:import|export)\b[^'";]*?\bfrom\s+['"](\.{1,2}\/[^'"]+)['"]/gm),
      ...code.matchAll(/^\s*import\s+['"](\.{1,2}\/[^'"]+)['"]/gm),
      ...code.matchAll(/\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g),
    ].map((match) => match[1]);
    for (const specifier of specifiers) {
      const target = path.posix.normalize(path.posix.join(folder, specifier));
      named.push(/\.\w+$/.test(target) ? target : `${target}.ts`);
    }
  } else if (file.endsWith('.py')) {
    const modules = [...code.matchAll(/^\s*(?:from\s+([\w.]+)\s+import\b|import\s+([\w.]+(?:\s*,\s*[\w.]+)*))/gm)]
      .flatMap((match) => (match[1] ? [match[1]] : match[2].split(',').map((name) => name.trim())))
      .map((module) => module.split('.')[0]);
    // A module counts as local when a file of that name sits beside the sample: that is what Python imports first.
    for (const module of modules) {
      const target = path.posix.join(folder, `${module}.py`);
      if (existsSync(target)) named.push(target);
    }
  } else if (file.endsWith('.sh')) {
    for (const match of code.matchAll(/^\s*(?:source|\.)\s+["']?([^\s"']+)/gm)) {
      named.push(path.posix.normalize(path.posix.join(folder, match[1])));
    }
  }
  return named;
}

test('every local file a sample imports is shown on the same page', () => {
  const missing: string[] = [];
  let importing = 0;
  for (const source of markdownSources) {
    const shown = new Set(shownFiles(source));
    for (const file of shown) {
      const imports = localImports(file);
      if (imports.length > 0) importing += 1;
      for (const imported of imports) {
        if (!shown.has(imported)) missing.push(`${source}: ${file} imports ${imported}, which the page does not show`);
      }
    }
  }
  // The receivers import siblings on the quickstart and the webhook guide, and so do the refund samples.
  expect(importing).toBeGreaterThan(5);
  expect(missing).toEqual([]);
});

test('the import finder sees each kind of local import the samples use', () => {
  expect(localImports('examples/webhooks/express-receiver.ts').sort()).toEqual([
    'examples/webhooks/event-store.ts',
    'examples/webhooks/verify-standardwebhooks.ts',
    'examples/webhooks/webhook-event.ts',
  ]);
  expect(localImports('examples/webhooks/flask_receiver.py')).toEqual(['examples/webhooks/verify.py']);
  expect(localImports('examples/refunds/refund_overpayment.py')).toEqual(['examples/refunds/refund_address.py']);
  // Packages (express, requests, node:crypto) are installed, not copied: they are no local files.
  expect(localImports('examples/api/create-payment.ts')).toEqual([]);
  expect(localImports('examples/api/create_payment.py')).toEqual([]);
});
