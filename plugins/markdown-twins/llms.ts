/**
 * /llms.txt and /llms-full.txt, in the format of the llms.txt proposal: an h1
 * with the site's name, a blockquote summary, a paragraph of details, then h2
 * sections of `- [title](url): description` lines; "Optional" is the section
 * an assistant may skip when its context is short.
 */

/** A page as llms.txt lists it. */
export interface ListedPage {
  title: string;
  description: string;
  /** Absolute URL an assistant should read: the Markdown twin where there is one. */
  url: string;
}

export interface LlmsSection {
  title: string;
  pages: readonly ListedPage[];
}

export interface LlmsSite {
  name: string;
  summary: string;
  details: string;
  sections: readonly LlmsSection[];
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

export function llmsTxt(site: LlmsSite): string {
  const sections = site.sections
    .filter((section) => section.pages.length > 0)
    .map(({title, pages}) =>
      [
        `## ${title}`,
        pages.map((page) => `- [${oneLine(page.title)}](${page.url}): ${oneLine(page.description)}`).join('\n'),
      ].join('\n\n'),
    );
  return [`# ${site.name}`, `> ${oneLine(site.summary)}`, site.details.trim(), ...sections].join('\n\n') + '\n';
}

/** Every twin in one file, in the order given (llms.txt's), each with the URL of its page. */
export function llmsFullTxt(
  site: Pick<LlmsSite, 'name' | 'summary'>,
  docs: readonly {pageUrl: string; markdown: string}[],
): string {
  const sections = docs.map(({pageUrl, markdown}) =>
    // The source line goes right under the doc's h1.
    markdown.trim().replace(/^(# .*)$/m, `$1\n\nSource: <${pageUrl}>`),
  );
  return [`# ${site.name}`, `> ${oneLine(site.summary)}`, ...sections].join('\n\n') + '\n';
}
