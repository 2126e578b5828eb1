import {mkdirSync, mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {
  compareUpstream,
  deviations,
  patchesOf,
  patchOf,
  swizzlesOf,
  upstreamFile,
} from '../../../scripts/check-upgrade/deviations';
import {
  errorLines,
  failedTests,
  forcedOverrides,
  holdouts,
  newestRelease,
  rangeTakesMajor,
  ourFilesIn,
  thirdPartyIn,
  withDocusaurusAt,
} from '../../../scripts/check-upgrade/findings';

const repo = path.resolve(__dirname, '../../..');

describe('check:upgrade', () => {
  it('takes the newest release of a major line, never a canary or a pre-release', () => {
    const versions = ['2.4.3', '3.9.2', '3.10.0', '3.10.2', '3.2.1', '4.0.0-canary-6808', '3.11.0-rc.1', '4.0.0'];
    expect(newestRelease(versions, 3)).toBe('3.10.2');
    expect(newestRelease(versions, 4)).toBe('4.0.0');
    expect(newestRelease(['4.0.0-canary-6808'], 4)).toBeUndefined();
  });

  it('moves every @docusaurus/* dependency, and nothing else, to the version', () => {
    const {manifest, moved} = withDocusaurusAt(
      {
        name: 'site',
        dependencies: {'@docusaurus/core': '3.10.2', react: '^19.2.0'},
        devDependencies: {'@docusaurus/types': '3.10.2', typescript: '~6.0.2'},
        overrides: {'@docsearch/react': '4.7.0'},
      },
      '4.0.0-canary-6808',
    );
    expect(manifest).toEqual({
      name: 'site',
      dependencies: {'@docusaurus/core': '4.0.0-canary-6808', react: '^19.2.0'},
      devDependencies: {'@docusaurus/types': '4.0.0-canary-6808', typescript: '~6.0.2'},
      overrides: {'@docsearch/react': '4.7.0'},
    });
    expect(moved).toEqual(['@docusaurus/core', '@docusaurus/types']);
  });

  it('reads every row of the swizzle register, wrappers, ejected copies and plugin components alike', () => {
    const found = swizzlesOf(
      [
        '| File | Wraps | Docusaurus safety (wrap) | What we add, and why |',
        '| --- | --- | --- | --- |',
        '| `NotFound/Content/index.tsx` | theme-classic `NotFound/Content` | unsafe | Links back. |',
        '| `Loading/index.tsx` | core fallback `Loading` | unsafe (core fallback) | role="alert". |',
        'Ejected, because no wrapper can change what they change:',
        '| `CodeBlock/index.tsx` | theme-classic `CodeBlock` | safe (eject) | Renders once. |',
        'Local plugins ship theme components too, through `getThemePath()`:',
        '| `plugins/markdown-twins/theme/DocItem/Content/index.tsx` | theme-classic `DocItem/Content` | unsafe | Copy page. |',
        '| `plugins/code-blocks/theme/ExampleTabs`, `ExampleTab` | (new components) | | The synced tabs. |',
      ].join('\n'),
    );
    expect(found.map(({kind, ours, package: name, candidates}) => [kind, ours, name, candidates[0]])).toEqual([
      [
        'wrapper',
        'src/theme/NotFound/Content/index.tsx',
        '@docusaurus/theme-classic',
        'lib/theme/NotFound/Content/index.js',
      ],
      ['wrapper', 'src/theme/Loading/index.tsx', '@docusaurus/core', 'lib/client/theme-fallback/Loading/index.js'],
      ['ejected', 'src/theme/CodeBlock/index.tsx', '@docusaurus/theme-classic', 'lib/theme/CodeBlock/index.js'],
      [
        'wrapper',
        'plugins/markdown-twins/theme/DocItem/Content/index.tsx',
        '@docusaurus/theme-classic',
        'lib/theme/DocItem/Content/index.js',
      ],
    ]);
    expect(() => swizzlesOf('| `X/index.tsx` | other-theme `X` | safe | Why. |')).toThrow(
      'src/theme/README.md names an unknown theme "other-theme"',
    );
  });

  it("finds, in today's install, the upstream file of every swizzle, and each patch's package, version and files", () => {
    const all = deviations(repo);
    const nodeModules = path.join(repo, 'node_modules');
    expect(all.filter((deviation) => !upstreamFile(nodeModules, deviation)).map(({ours}) => ours)).toEqual([]);
    expect(all.length).toBeGreaterThanOrEqual(17);
    expect(patchesOf(repo)).toEqual([
      {
        file: 'patches/@docusaurus+core+3.10.2.patch',
        package: '@docusaurus/core',
        version: '3.10.2',
        files: ['lib/client/docusaurus.js', 'lib/client/prefetch.js'],
      },
      {
        file: 'patches/@docusaurus+theme-classic+3.10.2.patch',
        package: '@docusaurus/theme-classic',
        version: '3.10.2',
        files: ['lib/prism-include-languages.js'],
      },
      {
        file: 'patches/@docusaurus+theme-common+3.10.2.patch',
        package: '@docusaurus/theme-common',
        version: '3.10.2',
        files: [
          'lib/contexts/colorMode.js',
          'lib/hooks/useCodeWordWrap.js',
          'lib/hooks/useWindowSize.js',
          'lib/utils/reactUtils.js',
        ],
      },
      {
        file: 'patches/@easyops-cn+docusaurus-search-local+0.55.3.patch',
        package: '@easyops-cn/docusaurus-search-local',
        version: '0.55.3',
        files: [
          'dist/client/client/theme/worker.js',
          'dist/client/client/utils/processTreeStatusOfSearchResults.js',
          'dist/client/client/utils/sortSearchResults.js',
          'dist/server/server/utils/parseDocument.js',
        ],
      },
    ]);
  });

  it('reads an unscoped patch too, and refuses a file patch-package did not name', () => {
    const diff = 'diff --git a/node_modules/left-pad/index.js b/node_modules/left-pad/index.js\n--- a/x\n+++ b/x\n';
    expect(patchOf('left-pad+1.3.0.patch', diff)).toEqual({
      file: 'patches/left-pad+1.3.0.patch',
      package: 'left-pad',
      version: '1.3.0',
      files: ['index.js'],
    });
    expect(() => patchOf('prefetch-once.patch', diff)).toThrow(
      'patches/prefetch-once.patch is not named <package>+<version>.patch',
    );
  });

  it('tells an upstream component unchanged, changed (its file, or a file beside its index), or gone between two installs', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'cw-upgrade-test-'));
    const write = (install: string, file: string, text: string) => {
      const full = path.join(root, install, '@docusaurus/theme-classic/lib/theme', file);
      mkdirSync(path.dirname(full), {recursive: true});
      writeFileSync(full, text);
    };
    write('before', 'Same/index.js', 'export default 1;');
    write('after', 'Same/index.js', 'export default 1;');
    write('before', 'Edited/index.js', 'export default 1;');
    write('after', 'Edited/index.js', 'export default 2;');
    write('before', 'Removed/index.js', 'export default 1;');
    // search-local's SearchBar/index.jsx only re-exports the component beside it.
    write('before', 'Beside/index.jsx', "export {default} from './Beside';");
    write('after', 'Beside/index.jsx', "export {default} from './Beside';");
    write('before', 'Beside/Beside.jsx', 'export default 1;');
    write('after', 'Beside/Beside.jsx', 'export default 2;');
    const of = (component: string) =>
      compareUpstream(path.join(root, 'before'), path.join(root, 'after'), {
        kind: 'wrapper',
        ours: `src/theme/${component}/index.tsx`,
        package: '@docusaurus/theme-classic',
        candidates: [`lib/theme/${component}/index.js`, `lib/theme/${component}/index.jsx`],
      });
    expect([of('Same'), of('Edited'), of('Removed'), of('Beside')]).toEqual([
      'unchanged',
      'changed',
      'gone',
      'changed',
    ]);
  });

  it("names our files and the third-party packages in a failure's log, not the bundler's", () => {
    const log = [
      '[ERROR] Error: Cannot mix different versions of joi schemas',
      '    at validate (/tmp/cw-upgrade/node_modules/joi/lib/index.js:10:3)',
      '    at normalizePluginOptions (/tmp/cw-upgrade/node_modules/@docusaurus/utils-validation/lib/index.js:4:1)',
      '    at validateOptions (/tmp/cw-upgrade/node_modules/@easyops-cn/docusaurus-search-local/dist/server/index.js:2:9)',
      '    at loadPlugin (/tmp/cw-upgrade/plugins/code-blocks/index.ts:22:5)',
      'Module not found in ./plugins/code-blocks/theme/CodeBlock/Content/index.tsx',
      '    at build (/tmp/cw-upgrade/node_modules/@rspack/core/dist/index.js:1:1)',
      'docusaurus.config.ts: future.v4.removeLegacyPostBuildHeadAttribute is not recognized',
      '    at /tmp/cw-upgrade/plugins/code-blocks/index.ts:30:1',
    ].join('\n');
    expect(ourFilesIn(log)).toEqual([
      'plugins/code-blocks/index.ts',
      'plugins/code-blocks/theme/CodeBlock/Content/index.tsx',
      'docusaurus.config.ts',
    ]);
    expect(thirdPartyIn(log)).toEqual(['@easyops-cn/docusaurus-search-local']);
    expect(errorLines(log, 2)).toEqual([
      '[ERROR] Error: Cannot mix different versions of joi schemas',
      'Module not found in ./plugins/code-blocks/theme/CodeBlock/Content/index.tsx',
    ]);
  });

  it('tells which npm ranges take a major version', () => {
    expect(rangeTakesMajor('^2 || ^3', 3)).toBe(true);
    expect(rangeTakesMajor('^2 || ^3', 4)).toBe(false);
    expect(rangeTakesMajor('3.10.2', 4)).toBe(false);
    expect(rangeTakesMajor('>=3.5.0', 4)).toBe(true);
    expect(rangeTakesMajor('>=5', 4)).toBe(false);
    expect(rangeTakesMajor('*', 4)).toBe(true);
    expect(rangeTakesMajor('~4.0.0-canary-6808', 4)).toBe(true);
  });

  it('finds the plugins whose Docusaurus ranges leave the new major out, and forces their dependencies to it', () => {
    const lock = {
      packages: {
        '': {dependencies: {'@docusaurus/core': '3.10.2'}},
        'node_modules/@docusaurus/theme-classic': {dependencies: {'@docusaurus/theme-common': '3.10.2'}},
        'node_modules/@easyops-cn/docusaurus-search-local': {
          dependencies: {'@docusaurus/utils-validation': '^2 || ^3', lunr: '^2.3.9'},
          peerDependencies: {'@docusaurus/theme-common': '^2 || ^3', react: '^19'},
        },
        'node_modules/docusaurus-plugin-ready': {peerDependencies: {'@docusaurus/core': '>=3'}},
        'node_modules/unrelated': {dependencies: {lodash: '^4'}},
      },
    };
    const found = holdouts(lock, 4);
    expect(found).toEqual([
      {
        name: '@easyops-cn/docusaurus-search-local',
        ranges: {'@docusaurus/utils-validation': '^2 || ^3', '@docusaurus/theme-common': '^2 || ^3'},
      },
    ]);
    expect(holdouts(lock, 3)).toEqual([]);
    expect(forcedOverrides({overrides: {'@docsearch/react': '4.7.0'}}, found, '4.0.0-canary-6808')).toEqual({
      overrides: {
        '@docsearch/react': '4.7.0',
        '@easyops-cn/docusaurus-search-local': {
          '@docusaurus/utils-validation': '4.0.0-canary-6808',
          '@docusaurus/theme-common': '4.0.0-canary-6808',
        },
      },
    });
  });

  it("lists a Playwright or a Vitest report's failed tests by file and title", () => {
    const playwright = {
      suites: [
        {
          specs: [{title: 'every route answers 200', ok: true, file: 'e2e/routes.spec.ts'}],
          suites: [{specs: [{title: 'the toggle switches to dark', ok: false, file: 'e2e/color-mode.spec.ts'}]}],
        },
      ],
    };
    expect(failedTests(playwright, '/tmp/copy')).toEqual(['e2e/color-mode.spec.ts › the toggle switches to dark']);
    const vitest = {
      testResults: [
        {
          name: '/tmp/copy/tests/unit/search/plugin-mirror.test.ts',
          assertionResults: [
            {status: 'passed', fullName: 'the mirror names its version'},
            {status: 'failed', fullName: 'the copies match the plugin'},
          ],
        },
      ],
    };
    expect(failedTests(vitest, '/tmp/copy')).toEqual([
      'tests/unit/search/plugin-mirror.test.ts › the copies match the plugin',
    ]);
  });
});
