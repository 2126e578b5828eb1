import type {PluginOptions} from '@easyops-cn/docusaurus-search-local';

/**
 * The search box's shortcut, shared by the plugin options (docusaurus.config.ts)
 * and our SearchBar wrapper, whose lightweight placeholder must answer the same
 * keys and show the same hint before the plugin's component has loaded.
 * Format of the plugin's `searchBarShortcutKeymap`: "mod+k", "ctrl+shift+f"...
 */
export const searchBarShortcutKeymap = 'mod+k' satisfies PluginOptions['searchBarShortcutKeymap'];
export const searchBarShortcutHint = true satisfies PluginOptions['searchBarShortcutHint'];
