/**
 * Writes the API reference's MDX from api/openapi.yaml into docs/api/ (git
 * ignored): an introduction, a page per tag (a section per operation) and the
 * objects page.
 * docusaurus.config.ts calls it when it loads, before the docs plugin reads
 * docs/; the plugin in ./index.ts calls it again when the YAML changes under
 * `docusaurus start`. A page is rewritten only when its text changed, so the
 * dev server reloads only what moved.
 */
import {execFileSync} from 'node:child_process';
import {existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {docsRepo} from '../../src/constants/brand';
import {anchorId, readDescription} from './description';
import {guidesUsing, referenceLinks} from './guides';
import {frontMatter} from './mdx';
import {apiModel, type ApiModel, type OperationEntry} from './model';
import {introPage} from './pages/intro';
import {objectNames, objectsPage} from './pages/objects';
import {operationAnchor, tagPage} from './pages/operation';

/** Where the reference lives: `docs/<folder>/`, served at `/<folder>/`. */
export const referenceFolder = 'api';
export const descriptionFile = 'api/openapi.yaml';

export interface GeneratedPage {
  /** File name inside docs/api/. */
  file: string;
  /** Doc id, as the sidebar names it. */
  id: string;
  content: string;
}

/** Schemas used as a request body of an API call: rendered on the operation's page, not on the objects page. */
function requestBodyNames(api: ApiModel): Set<string> {
  return new Set(
    api.operations
      .filter((entry) => !entry.webhook)
      .flatMap((entry) => entry.operation.requestBody?.content['application/json']?.schema?.ref ?? []),
  );
}

/** The date of the description's last commit, for "Last updated"; undefined outside a git checkout. */
function lastCommitDate(siteDir: string): string | undefined {
  try {
    const date = execFileSync('git', ['log', '-1', '--format=%cI', '--', descriptionFile], {
      cwd: siteDir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return date || undefined;
  } catch {
    return undefined;
  }
}

/** The tags that have operations, each with its page's slug and its operations in order. */
export function referenceTags(api: ApiModel) {
  const entries = api.operations;
  return api.tags
    .map((tag) => ({
      tag,
      slug: anchorId(tag.name),
      tagged: entries.filter((entry) => entry.operation.tags[0] === tag.name),
    }))
    .filter(({tagged}) => tagged.length > 0);
}

/** A tag page's description: its operations by name, or, when that is too long, the tag's own words. */
function tagDescription(tag: {name: string; description?: string}, tagged: OperationEntry[]): string {
  const names = tagged.map((entry) => entry.operation.summary.toLowerCase()).join(', ');
  const listed = `The ${tag.name.toLowerCase()} operations of the Coinwharf Payments API: ${names}. Fields, errors, tested examples.`;
  if (listed.length <= 160) return listed;
  return `${tag.description ?? tag.name} ${tagged.length} operations, field by field, with tested examples.`;
}

/** Every page of the reference, in sidebar order (the introduction, a page per tag, the objects). */
export function referencePages(siteDir: string): GeneratedPage[] {
  const api = apiModel(readDescription(path.join(siteDir, descriptionFile)));
  const entries = api.operations;
  const links = referenceLinks(path.join(siteDir, 'docs'), referenceFolder);
  const objects = objectNames(api, requestBodyNames(api));
  const date = lastCommitDate(siteDir);
  const common = {
    // "Edit this page" opens the description: the reference is written there.
    custom_edit_url: `${docsRepo.editUrl}${descriptionFile}`,
    ...(date ? {last_update: {date}} : {}),
  };
  const page = (file: string, meta: Record<string, unknown>, body: string): GeneratedPage => ({
    file,
    id: `${referenceFolder}/${file.replace(/\.mdx$/, '')}`,
    content: `${frontMatter({...meta, ...common})}\n\n{/* Generated from ${descriptionFile} by plugins/api-reference: edit the YAML, not this file. */}\n\n${body}\n`,
  });
  return [
    page(
      'index.mdx',
      {
        id: 'index',
        title: 'API reference',
        sidebar_label: 'Introduction',
        description:
          'The Coinwharf Payments API: base URL, authentication, idempotency, pagination, every error code, rate limits, prices, fees and versioning.',
      },
      introPage(api, entries, objects),
    ),
    ...referenceTags(api).map(({tag, slug, tagged}) =>
      page(
        `${slug}.mdx`,
        {
          id: slug,
          title: `${tag.name} API`,
          sidebar_label: tag.name,
          description: tagDescription(tag, tagged),
        },
        tagPage(api, tag, tagged, (entry: OperationEntry) => guidesUsing(links, slug, operationAnchor(entry))),
      ),
    ),
    page(
      'objects.mdx',
      {
        id: 'objects',
        title: 'Objects',
        description:
          'Every object of the Coinwharf Payments API field by field: payment, refund, event, webhook endpoint, balance, transactions, lists, money and errors.',
      },
      objectsPage(api, objects),
    ),
  ];
}

/** Writes the pages into docs/api/, removing pages the description no longer has; returns them. */
export function generateApiReference(siteDir: string): GeneratedPage[] {
  const dir = path.join(siteDir, 'docs', referenceFolder);
  const pages = referencePages(siteDir);
  mkdirSync(dir, {recursive: true});
  const keep = new Set(pages.map((generated) => generated.file));
  for (const file of readdirSync(dir)) if (!keep.has(file)) rmSync(path.join(dir, file), {recursive: true});
  for (const generated of pages) {
    const file = path.join(dir, generated.file);
    if (!existsSync(file) || readFileSync(file, 'utf8') !== generated.content) writeFileSync(file, generated.content);
  }
  return pages;
}
