/**
 * The reference's category in the one sidebar (tutorialSidebar): its link is
 * the introduction, then a category per tag, in the description's order, whose
 * link is the tag's page and whose items are its operations (links to their
 * sections, each marked with its method for a label drawn in CSS), then the
 * objects page. A tag's operations show on its own page and when the reader
 * opens it; elsewhere the category is closed, so a guide's sidebar stays short
 * and its HTML carries none of them. Nothing here is kept by hand: a new tag in
 * the YAML gets its page and its sidebar entry, a new operation its section and
 * its link.
 */
import path from 'node:path';
import {readDescription} from './description';
import {apiModel, type OperationEntry} from './model';
import {descriptionFile, referenceFolder, referenceTags} from './generate';
import {operationAnchor} from './pages/operation';

/** The class of an operation's sidebar item: its method's (`api-sidebar-operation--post`), or a webhook's. */
const operationItemClass = (entry: OperationEntry): string =>
  `api-sidebar-operation api-sidebar-operation--${entry.webhook ? 'webhook' : entry.method}`;

export function apiReferenceCategory(siteDir: string) {
  const api = apiModel(readDescription(path.join(siteDir, descriptionFile)));
  const doc = (id: string) => `${referenceFolder}/${id}`;
  return {
    type: 'category' as const,
    label: 'API reference',
    link: {type: 'doc' as const, id: doc('index')},
    items: [
      ...referenceTags(api).map(({tag, slug, tagged}) => ({
        type: 'category' as const,
        label: tag.name,
        // The guides' category is "Payments" too: a key of its own keeps the translation keys apart.
        key: `api-${slug}`,
        link: {type: 'doc' as const, id: doc(slug)},
        collapsed: true,
        items: tagged.map((entry) => ({
          type: 'link' as const,
          label: entry.operation.summary,
          href: `/${referenceFolder}/${slug}#${operationAnchor(entry)}`,
          className: operationItemClass(entry),
        })),
      })),
      doc('objects'),
    ],
  };
}
