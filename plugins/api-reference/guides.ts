/**
 * Which guides use an operation, read from the guides themselves: a guide that
 * links an operation's section (`/api/payments#create-payment`, or a field in
 * it, `#create-payment-body-price`) uses that operation. The reference page lists them,
 * so the links go both ways and there is no list to keep by hand.
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';

export interface GuideLink {
  /** The guide's source, relative to docs/: `payments/quickstart.mdx`. */
  file: string;
  title: string;
}

/** A guide's link to the reference: the page's slug and the fragment, `payments` and `create-payment-body-price`. */
export interface ReferenceLink extends GuideLink {
  page: string;
  fragment: string;
}

/** Every link from a guide under `docsDir` (the generated folder `skip` left out) to a reference page. */
export function referenceLinks(docsDir: string, skip: string): ReferenceLink[] {
  const files = readdirSync(docsDir, {recursive: true, encoding: 'utf8'})
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => /\.mdx?$/.test(file) && !file.startsWith(`${skip}/`))
    .sort();
  // Markdown links' targets: `](/api/page#x)` or `](../api/page.mdx#x)`.
  const target = new RegExp(`\\]\\((?:/|(?:\\.\\./)+)${skip}/([a-z0-9-]*?)(?:\\.mdx?)?/?(?:#([^)\\s]*))?\\)`, 'g');
  return files.flatMap((file) => {
    const {data, content} = matter(readFileSync(path.join(docsDir, file), 'utf8'));
    const title = typeof data.title === 'string' ? data.title : file;
    return [...content.matchAll(target)].map((match) => ({file, title, page: match[1], fragment: match[2] ?? ''}));
  });
}

/** The guides that link an operation's section (its id, or an id inside it), each once, in file order. */
export function guidesUsing(links: ReferenceLink[], page: string, section: string): GuideLink[] {
  const using = links.filter(
    (link) => link.page === page && (link.fragment === section || link.fragment.startsWith(`${section}-`)),
  );
  return [...new Map(using.map((link) => [link.file, {file: link.file, title: link.title}])).values()];
}
