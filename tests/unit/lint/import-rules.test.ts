import {ESLint} from 'eslint';
import {describe, expect, test} from 'vitest';

// The README's "What may import what", as ESLint enforces it with the project's own config: each
// import below is linted as if it were in a real file of the folder named (ESLint's lintText with that
// path), and only the ones the README forbids are reported, each with its message.

// Only that rule, without type information: the project's type-aware setup took 10 s to start here.
const eslint = new ESLint({
  ruleFilter: ({ruleId}) => ruleId === 'no-restricted-imports',
  overrideConfig: {languageOptions: {parserOptions: {projectService: false}}},
});

/** The import paths ESLint's no-restricted-imports reports in `imports`, linted as the file `filePath`. */
async function restricted(filePath: string, imports: string[]): Promise<string[]> {
  const code = `${imports.map((from, i) => `import m${i} from '${from}';`).join('\n')}\nexport const all = [${imports.map((_, i) => `m${i}`).join(', ')}];\n`;
  const [result] = await eslint.lintText(code, {filePath});
  return result.messages
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => `${/'([^']+)' import/.exec(message.message)?.[1]}: ${message.message.split('pattern. ')[1]}`);
}

describe('import rules', {timeout: 90_000}, () => {
  test('src/components/ uses internal, data, lib, constants and css; not theme, pages or a plugin', async () => {
    expect(
      await restricted('src/components/StatusTable/index.tsx', [
        '@site/src/internal/ToolFrame',
        '@site/src/data/statuses',
        '@site/src/constants/brand',
        '@site/src/theme/CodeBlock/tokenClasses',
        '@site/src/pages/index',
        '@site/plugins/social-cards/socialCard',
      ]),
    ).toEqual([
      "@site/src/theme/CodeBlock/tokenClasses: src/components/ may use src/internal, src/data, src/lib, src/constants and src/css only (README, 'What may import what').",
      "@site/src/pages/index: src/components/ may use src/internal, src/data, src/lib, src/constants and src/css only (README, 'What may import what').",
      "@site/plugins/social-cards/socialCard: src/components/ may use src/internal, src/data, src/lib, src/constants and src/css only (README, 'What may import what').",
    ]);
  });

  test("src/ never imports a plugin's build hook, by alias or relative path; a plugin's pure module is fine", async () => {
    expect(
      await restricted('src/theme/Layout/index.tsx', [
        '@site/plugins/social-cards/socialCard',
        '@site/plugins/social-cards',
        '../../../plugins/deploy/index.ts',
      ]),
    ).toEqual([
      "@site/plugins/social-cards: src/ never imports a plugin's build hook (its index.ts); import the plugin's pure module (README, 'What may import what').",
      "../../../plugins/deploy/index.ts: src/ never imports a plugin's build hook (its index.ts); import the plugin's pure module (README, 'What may import what').",
    ]);
  });

  test("a plugin's theme/ component imports nothing from Node", async () => {
    expect(
      await restricted('plugins/code-samples/theme/ExampleTabs/index.tsx', ['node:fs', '@site/src/constants/brand']),
    ).toEqual([
      "node:fs: A plugin's theme/ runs in the browser and imports nothing from Node (README, 'What may import what').",
    ]);
  });
});
