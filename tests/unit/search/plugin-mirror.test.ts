import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, describe, expect, test, vi} from 'vitest';
import * as mirror from '../../../src/theme/SearchBar/pluginMirror';

// src/theme/SearchBar/pluginMirror.ts copies pieces of the search plugin's
// internals for a given version. These checks fail when the installed plugin
// is another version, or when a piece no longer equals the plugin's own code.

const root = path.resolve(import.meta.dirname, '../../..');
const pluginName = '@easyops-cn/docusaurus-search-local';
const pluginDir = path.join(root, 'node_modules', pluginName);
const clientDir = path.join(pluginDir, 'dist/client/client');
const searchBarDir = path.join(root, 'src/theme/SearchBar');
const read = (file: string) => readFileSync(file, 'utf8');
const pluginSearchBar = read(path.join(clientDir, 'theme/SearchBar/SearchBar.jsx'));

// The plugin's dist ships no types: its helpers are typed as the mirror's, and
// checked to be there before they are compared.
const pluginModule = (file: string): Promise<Partial<typeof mirror>> =>
  import(/* @vite-ignore */ path.join(clientDir, file));
const plugin = {...(await pluginModule('utils/platform.js')), ...(await pluginModule('utils/keymap.js'))};

const navigators: Record<string, object | undefined> = {
  'no navigator (server rendering)': undefined,
  'Client Hints, macOS': {userAgentData: {platform: 'macOS'}, userAgent: 'Windows NT'},
  'Client Hints, Windows': {userAgentData: {platform: 'Windows'}, userAgent: 'Macintosh'},
  'empty Client Hints, Mac user agent': {userAgentData: {platform: ''}, userAgent: 'Mozilla/5.0 (Macintosh)'},
  'Linux user agent': {userAgent: 'Mozilla/5.0 (X11; Linux x86_64)', platform: 'MacIntel'},
  'platform only, Mac': {userAgent: '', platform: 'MacIntel'},
  'platform only, Windows': {userAgent: '', platform: 'Win32'},
  'nothing to tell': {},
};
const keymaps = [
  'mod+k',
  'ctrl+k',
  'cmd+k',
  'Mod + Shift + F',
  'ctrl+alt+shift+cmd+p',
  'alt+/',
  's',
  'a+b',
  'mod+',
  '',
];

afterEach(() => {
  vi.unstubAllGlobals();
});

test('the installed plugin is the version the mirror copies, and package.json pins it', () => {
  const {version} = JSON.parse(read(path.join(pluginDir, 'package.json'))) as {version: string};
  expect(version, 'update src/theme/SearchBar/pluginMirror.ts, then MIRRORED_PLUGIN_VERSION').toBe(
    mirror.MIRRORED_PLUGIN_VERSION,
  );
  const {dependencies} = JSON.parse(read(path.join(root, 'package.json'))) as {dependencies: Record<string, string>};
  expect(dependencies[pluginName], 'an exact version, not a range').toBe(mirror.MIRRORED_PLUGIN_VERSION);
});

describe('the mirrored platform and keymap helpers answer as the plugin does', () => {
  test('the plugin still has them', () => {
    for (const name of ['isMacPlatform', 'parseKeymap', 'matchesKeymap', 'getKeymapHints'] as const) {
      expect(plugin[name], name).toBeTypeOf('function');
    }
  });

  for (const [name, navigator] of Object.entries(navigators)) {
    test(name, () => {
      vi.stubGlobal('navigator', navigator);
      expect(mirror.isMacPlatform()).toBe(plugin.isMacPlatform!());
      for (const keymap of keymaps) {
        expect(mirror.parseKeymap(keymap), keymap).toEqual(plugin.parseKeymap!(keymap));
        for (const isMac of [false, true]) {
          expect(mirror.getKeymapHints(keymap, isMac), `${keymap} (isMac ${isMac})`).toEqual(
            plugin.getKeymapHints!(keymap, isMac),
          );
        }
      }
    });
  }

  test('matchesKeymap', () => {
    const keys = ['k', 'K', '/', 'p', ''];
    const modifiers = ['ctrlKey', 'metaKey', 'altKey', 'shiftKey'] as const;
    for (const keymap of keymaps) {
      const parsed = mirror.parseKeymap(keymap);
      for (const key of keys) {
        for (let set = 0; set < 2 ** modifiers.length; set += 1) {
          const event = {key, ...Object.fromEntries(modifiers.map((m, i) => [m, Boolean(set & (1 << i))]))};
          expect(mirror.matchesKeymap(event as KeyboardEvent, parsed), `${keymap}: ${JSON.stringify(event)}`).toBe(
            plugin.matchesKeymap!(event as KeyboardEvent, parsed),
          );
        }
      }
    }
  });
});

test('the mirrored constants are in the plugin’s SearchBar.jsx', () => {
  expect(pluginSearchBar).toContain(`const SEARCH_PARAM_HIGHLIGHT = "${mirror.SEARCH_PARAM_HIGHLIGHT}";`);
  expect(pluginSearchBar).toContain(`<path fill="currentColor" d="${mirror.SEARCH_ICON_PATH}"/>`);
  // The props PluginSearchBarProps declares.
  expect(/export default function SearchBar\(\{([^}]*)\}/.exec(pluginSearchBar)?.[1].trim()).toBe(
    'handleSearchBarToggle,',
  );
});

test('the placeholder’s label is the plugin’s', () => {
  const label = (source: string) =>
    /id: ["']theme\.SearchBar\.label["'],\s*message: ["']([^"']+)["'],\s*description: ["']([^"']+)["']/
      .exec(source)
      ?.slice(1);
  const ours = label(read(path.join(searchBarDir, 'Placeholder.tsx')));
  expect(ours).toHaveLength(2);
  expect(ours).toEqual(label(pluginSearchBar));
});

test('every class of the plugin’s stylesheet that our SearchBar uses is still there', () => {
  const stylesheet = read(path.join(clientDir, 'theme/SearchBar/SearchBar.module.css'));
  const used = readdirSync(searchBarDir)
    .filter((file) => /\.tsx?$/.test(file))
    .flatMap((file) => [...read(path.join(searchBarDir, file)).matchAll(/\bpluginStyles\.(\w+)/g)].map((m) => m[1]));
  expect(used.length).toBeGreaterThan(0);
  for (const name of new Set(used)) {
    expect(stylesheet, name).toMatch(new RegExp(`\\.${name}\\b`));
  }
});
