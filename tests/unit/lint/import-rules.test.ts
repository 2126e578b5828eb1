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
  test("src/components/ uses internal, data, lib, constants, css and a plugin's client/; not theme, pages or the rest of a plugin", async () => {
    expect(
      await restricted('src/components/StatusTable/index.tsx', [
        '@site/src/internal/ToolFrame',
        '@site/src/data/statuses',
        '@site/src/constants/brand',
        '@site/plugins/code-blocks/client',
        '../../../plugins/code-blocks/client/index.tsx',
        '@site/plugins/code-blocks/theme/CodeBlock/tokenClasses',
        '@site/src/pages/index',
        '@site/plugins/social-cards/socialCard',
        '@site/plugins/code-blocks/clientele',
      ]),
    ).toEqual([
      "@site/plugins/code-blocks/theme/CodeBlock/tokenClasses: src/components/ may use src/internal, src/data, src/lib, src/constants, src/css and a plugin's client/ only (README, 'What may import what').",
      "@site/src/pages/index: src/components/ may use src/internal, src/data, src/lib, src/constants, src/css and a plugin's client/ only (README, 'What may import what').",
      "@site/plugins/social-cards/socialCard: src/components/ may use src/internal, src/data, src/lib, src/constants, src/css and a plugin's client/ only (README, 'What may import what').",
      "@site/plugins/code-blocks/clientele: src/components/ may use src/internal, src/data, src/lib, src/constants, src/css and a plugin's client/ only (README, 'What may import what').",
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

  test("a plugin's theme/ component and client/ module import nothing from Node", async () => {
    const node =
      "node:fs: A plugin's theme/ and client/ run in the browser and import nothing from Node (README, 'What may import what').";
    expect(
      await restricted('plugins/code-blocks/theme/ExampleTabs/index.tsx', ['node:fs', '@site/src/constants/brand']),
    ).toEqual([node]);
    expect(await restricted('plugins/code-blocks/client/clientModule.ts', ['node:fs', 'react'])).toEqual([node]);
    expect(await restricted('plugins/code-blocks/index.ts', ['node:fs'])).toEqual([]);
  });

  test('a plugin takes from src/ only data and constants; its theme/ and client/ also src/internal', async () => {
    const build =
      "A plugin's build code takes from src/ only src/data and src/constants (README, 'What may import what').";
    expect(
      await restricted('plugins/markdown-twins/components.ts', [
        '../../src/data/networks',
        '@site/src/constants/brand',
        '../../src/internal/useServerRendered',
        '@site/src/theme/CodeBlock/tokenClasses',
        '../../src/lib/signature',
      ]),
    ).toEqual([
      `../../src/internal/useServerRendered: ${build}`,
      `@site/src/theme/CodeBlock/tokenClasses: ${build}`,
      `../../src/lib/signature: ${build}`,
    ]);
    expect(
      await restricted('plugins/code-blocks/theme/CodeBlock/index.tsx', [
        '@site/src/internal/useServerRendered',
        '@site/src/data/statuses',
        '@site/src/theme/Layout',
        '../../../../src/components/StatusTable',
      ]),
    ).toEqual([
      "@site/src/theme/Layout: A plugin's theme/ and client/ take from src/ only src/data, src/constants and src/internal (README, 'What may import what').",
      "../../../../src/components/StatusTable: A plugin's theme/ and client/ take from src/ only src/data, src/constants and src/internal (README, 'What may import what').",
    ]);
  });
});
