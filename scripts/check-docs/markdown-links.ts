import {appendFileSync, existsSync, readFileSync} from 'node:fs';
import logger from '@docusaurus/logger';
import type {OnBrokenMarkdownLinksFunction} from '@docusaurus/types';
import type {Problem} from './problem';

/**
 * The file the build appends each broken Markdown link to, one JSON line each, when check:docs sets
 * this variable: check:docs then reads the file, the line and the link from there, not from the log.
 */
export const brokenMarkdownLinksVariable = 'CHECK_DOCS_BROKEN_MARKDOWN_LINKS';

interface BrokenMarkdownLink {
  file: string;
  line: number;
  url: string;
}

/**
 * `markdown.hooks.onBrokenMarkdownLinks`: warns as Docusaurus's own 'warn' does (the link is left as
 * written, so the broken-link check then fails the build on it), and records the link for check:docs.
 */
export const reportBrokenMarkdownLink: OnBrokenMarkdownLinksFunction = ({sourceFilePath, url, node}) => {
  const start = node.position?.start;
  logger.warn(logger.interpolate`Markdown link with URL code=${url} in source file path=${sourceFilePath}${start ? ` (${start.line}:${start.column})` : ''} couldn't be resolved.
Make sure it references a local Markdown file that exists within the current plugin.`);
  const record = process.env[brokenMarkdownLinksVariable];
  if (record) {
    const link: BrokenMarkdownLink = {file: sourceFilePath, line: start?.line ?? 1, url};
    appendFileSync(record, `${JSON.stringify(link)}\n`);
  }
};

/** The problems of the links a build recorded (see `reportBrokenMarkdownLink`), once each. */
export function brokenMarkdownLinkProblems(record: string): Problem[] {
  if (!existsSync(record)) return [];
  const lines = new Set(readFileSync(record, 'utf8').split('\n').filter(Boolean));
  return [...lines].map((line) => {
    const {file, line: at, url} = JSON.parse(line) as BrokenMarkdownLink;
    return {
      file,
      line: at,
      message: `link to ${url}: no such file; fix the path (relative to this file, with its .md or .mdx), or link to the page's URL.`,
    };
  });
}
