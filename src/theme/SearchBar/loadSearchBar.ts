import type {ComponentType} from 'react';
import type {PluginSearchBarProps} from './pluginMirror';

export type PluginSearchBar = ComponentType<PluginSearchBarProps>;

let loaded: PluginSearchBar | undefined;
let loading: Promise<PluginSearchBar> | undefined;

/** The plugin's search box if an earlier page already fetched it. */
export function loadedSearchBar(): PluginSearchBar | undefined {
  return loaded;
}

/** Fetches the plugin's search box (its own chunk) once; a failed fetch is retried on the next call. */
export function loadSearchBar(): Promise<PluginSearchBar> {
  loading ??= import('@theme-original/SearchBar').then(
    (module: {default: PluginSearchBar}) => (loaded = module.default),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
