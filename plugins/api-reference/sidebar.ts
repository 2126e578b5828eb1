/**
 * The reference's category in the one sidebar (tutorialSidebar): its link is
 * the introduction, its items a page per tag in the description's order, then
 * the objects page. Nothing here is kept by hand: a new tag in the YAML gets
 * its page and its sidebar entry, a new operation its section.
 */
import path from 'node:path';
import {readDescription} from './description';
import {apiModel} from './model';
import {descriptionFile, referenceFolder, referenceTags} from './generate';

export function apiReferenceCategory(siteDir: string) {
  const api = apiModel(readDescription(path.join(siteDir, descriptionFile)));
  const doc = (id: string) => `${referenceFolder}/${id}`;
  return {
    type: 'category' as const,
    label: 'API reference',
    link: {type: 'doc' as const, id: doc('index')},
    items: [...referenceTags(api).map(({slug}) => doc(slug)), doc('objects')],
  };
}
