import {readdirSync, readFileSync} from 'node:fs';
import vm from 'node:vm';
import {inBuild} from './site-dirs';

// The docs as the production build knows them, read from the data it bundles:
// which docs exist, their paths, and the sidebar in its order. Tests derive
// the list, order and count of docs from here, never from a list of their own.

/** A doc entry of the docs plugin's global data (SPEC §3: id, path, sidebar). */
export interface DocEntry {
  id: string;
  path: string;
  sidebar?: string;
}

export interface DocsVersion {
  name: string;
  label: string;
  isLast: boolean;
  path: string;
  mainDocId: string;
  docs: DocEntry[];
  draftIds: string[];
}

/** A link of a sidebar as the theme renders it, in order. */
interface SidebarItem {
  type: 'link' | 'category' | 'html';
  href?: string;
  label?: string;
  docId?: string;
  collapsed?: boolean;
  items?: SidebarItem[];
}

interface VersionProps {
  version: {docsSidebars: Record<string, SidebarItem[]>; docs: Record<string, {id: string; title: string}>};
}

/** A doc in its sidebar's order, with the label the sidebar shows and its title. */
export interface SidebarDoc {
  id: string;
  path: string;
  label: string;
  title: string;
}

let bundledModules: unknown[] | undefined;

/** Every JSON module the bundle inlines as `JSON.parse('…')`, parsed. */
function bundledJson(): unknown[] {
  if (bundledModules) return bundledModules;
  const dir = inBuild('assets', 'js');
  bundledModules = readdirSync(dir)
    .filter((file) => file.endsWith('.js'))
    .flatMap((file) =>
      [...readFileSync(`${dir}/${file}`, 'utf8').matchAll(/JSON\.parse\('((?:[^'\\]|\\.)*)'\)/g)]
        // The argument is a JavaScript string literal and nothing else: V8 reads its escapes.
        .map((match) => JSON.parse(vm.runInNewContext(`'${match[1]}'`) as string) as unknown),
    );
  return bundledModules;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function only<T>(found: T[], what: string): T {
  if (found.length !== 1) throw new Error(`expected one ${what} in ${inBuild('assets', 'js')}, found ${found.length}`);
  return found[0];
}

/** The docs plugin's one version, as every page loads it (global data). */
export function builtDocsVersion(): DocsVersion {
  const globalData = only(
    bundledJson().filter(
      (data): data is {'docusaurus-plugin-content-docs': {default: {versions: DocsVersion[]}}} =>
        isObject(data) && 'docusaurus-plugin-content-docs' in data,
    ),
    'global data of the docs plugin',
  );
  return only(globalData['docusaurus-plugin-content-docs'].default.versions, 'docs version');
}

function versionProps(): VersionProps['version'] {
  return only(
    bundledJson().filter(
      (data): data is VersionProps => isObject(data) && isObject(data.version) && 'docsSidebars' in data.version,
    ),
    'docs version page data',
  ).version;
}

function sidebarItems(sidebar: string): SidebarItem[] {
  const items = versionProps().docsSidebars[sidebar];
  if (!items) throw new Error(`the build has no sidebar named ${sidebar}`);
  return items;
}

/** The links of a sidebar in order (categories' own links included), a category's items where `open` says so. */
function linksOf(list: SidebarItem[], open: (category: SidebarItem) => boolean): string[] {
  return list.flatMap((item) => [
    ...(item.href === undefined ? [] : [item.href]),
    ...(open(item) ? linksOf(item.items ?? [], open) : []),
  ]);
}

/** Every link of a sidebar in the order it shows them, every category opened: what the theme renders. */
export function sidebarLinks(sidebar = 'tutorialSidebar'): string[] {
  return linksOf(sidebarItems(sidebar), () => true);
}

/**
 * The links a page's sidebar shows before the reader opens anything: a closed category shows its
 * items only on a page it holds (its own link's page, or one of its items'), as the theme opens it.
 */
export function sidebarLinksShownOn(pagePath: string, sidebar = 'tutorialSidebar'): string[] {
  const holds = (item: SidebarItem): boolean => item.href === pagePath || (item.items ?? []).some(holds);
  return linksOf(sidebarItems(sidebar), (category) => !category.collapsed || holds(category));
}

/** Every doc of a sidebar, in its order (SPEC §2: one sidebar holds every doc). */
export function sidebarDocs(sidebar = 'tutorialSidebar'): SidebarDoc[] {
  const version = versionProps();
  const idOf = new Map(builtDocsVersion().docs.map((doc) => [doc.path, doc.id]));
  const docs: SidebarDoc[] = [];
  const walk = (list: SidebarItem[]) => {
    for (const item of list) {
      // A category's own page is a doc too (its link), listed before its items.
      const id = item.docId ?? (item.href === undefined ? undefined : idOf.get(item.href));
      if (id !== undefined && item.href !== undefined) {
        docs.push({id, path: item.href, label: item.label ?? '', title: version.docs[id]?.title ?? ''});
      }
      if (item.items) walk(item.items);
    }
  };
  walk(sidebarItems(sidebar));
  return docs;
}
