import path from 'node:path';
import {unified} from 'unified';
import remarkParse from 'remark-parse';
import remarkMdx from 'remark-mdx';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import {visit} from 'unist-util-visit';
import type {Node, Parent} from 'unist';
import {tabGroups, type Example, type TabGroup} from '../code-blocks/languages';
import {tabsDirective} from '../code-blocks/remark';
import {readSample, SampleError, sampleFence} from '../code-blocks/sample';
import {renderComponent} from './components';
import {exampleFence, tabGroupMarkdown} from './format';

/** What the converter needs to know about the rest of the site. */
export interface ConvertContext {
  /** Absolute path of the MDX file. */
  file: string;
  /** An internal link's absolute URL (a twin where the target has one), or undefined when it is external. */
  resolveLink: (url: string, fromFile: string) => string | undefined;
  /** The site's directory: sample fences name files in its examples/ folder. */
  siteDir: string;
}

export interface Twin {
  title: string;
  description: string;
  body: string;
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

const parser = unified()
  .use(remarkParse)
  .use(remarkMdx)
  .use(remarkFrontmatter, ['yaml'])
  .use(remarkGfm)
  .use(remarkDirective);

/** Docusaurus's admonitions, and the word each starts its blockquote with. */
const admonitions: Record<string, string> = {
  note: 'Note',
  tip: 'Tip',
  info: 'Info',
  warning: 'Warning',
  danger: 'Danger',
  caution: 'Caution',
};

function fail(context: ConvertContext, node: Node, message: string): never {
  const line = node.position?.start.line ?? 0;
  throw new Error(`markdown-twins: ${path.relative(process.cwd(), context.file)}:${line}: ${message}`);
}

function offsets(node: Node): [number, number] {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined) throw new Error('markdown-twins: a node without a position');
  return [start, end];
}

/** `source[start, end)` with the edits inside it applied. */
function splice(source: string, start: number, end: number, edits: Edit[]): string {
  let out = '';
  let at = start;
  for (const edit of edits.filter((e) => e.start >= start && e.end <= end).sort((a, b) => a.start - b.start)) {
    out += source.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + source.slice(at, end);
}

/** True for `{/* a comment *\/}`, which MDX writers use and readers never see. */
function isComment(node: Node & {value?: string}): boolean {
  return /^\s*\/\*[\s\S]*\*\/\s*$/.test(node.value ?? '');
}

/** The example file a sample fence names, or undefined for a plain fence. */
function sampleOf(
  node: Node & {lang?: string | null; meta?: string | null},
  context: ConvertContext,
): Example | undefined {
  try {
    const fence = sampleFence(node.lang, node.meta);
    return fence && readSample(context.siteDir, fence);
  } catch (error) {
    if (error instanceof SampleError) return fail(context, node, error.message);
    throw error;
  }
}

/** A `:::code-tabs` group as the twin shows it: each sample under its label. */
function sampleTabs(
  directive: Parent & {attributes?: Record<string, string | null | undefined> | null},
  context: ConvertContext,
): string {
  const group = (directive.attributes?.group ?? 'language') as TabGroup;
  if (!tabGroups.includes(group)) fail(context, directive, `:::${tabsDirective}{group=${group}} is not a tab group`);
  const examples = directive.children.map(
    (child) => sampleOf(child, context) ?? fail(context, child, `only sample fences go inside :::${tabsDirective}`),
  );
  return tabGroupMarkdown(group, examples);
}

/** Edits that make links absolute and drop what a reader of Markdown cannot use. */
function inlineEdits(node: Node, source: string, context: ConvertContext): Edit[] {
  const edits: Edit[] = [];
  visit(node, (child: Node & {url?: string; title?: string | null; label?: string; children?: Node[]}) => {
    // A link's own text is visited by the recursive call; a reference definition stands alone.
    if (child === node && child.type !== 'definition') return undefined;
    if (child.type === 'mdxTextExpression' || child.type === 'mdxFlowExpression') {
      if (!isComment(child)) fail(context, child, 'a JavaScript expression cannot be turned into Markdown');
      const [start, end] = offsets(child);
      edits.push({start, end, text: ''});
      return 'skip';
    }
    if (child.type === 'mdxJsxTextElement' || child.type === 'mdxJsxFlowElement' || child.type === 'textDirective') {
      fail(
        context,
        child,
        `<${(child as {name?: string}).name ?? child.type}> inside other content cannot be turned into Markdown; put it on its own line`,
      );
    }
    if ((child.type === 'link' || child.type === 'definition') && child.url !== undefined) {
      const url = context.resolveLink(child.url, context.file);
      if (url === undefined || url === child.url) return undefined;
      const [start, end] = offsets(child);
      const title = child.title ? ` "${child.title.replace(/"/g, '\\"')}"` : '';
      if (child.type === 'definition') {
        edits.push({start, end, text: `[${child.label}]: ${url}${title}`});
      } else if (source[start] === '[') {
        const kids = child.children ?? [];
        const text = kids.length
          ? splice(source, offsets(kids[0])[0], offsets(kids.at(-1)!)[1], inlineEdits(child, source, context))
          : '';
        edits.push({start, end, text: `[${text}](${url}${title})`});
        return 'skip';
      }
    }
    return undefined;
  });
  return edits;
}

/** A flow node as Markdown. */
function flowMarkdown(node: Node, source: string, context: ConvertContext): string {
  const [start, end] = offsets(node);
  switch (node.type) {
    case 'yaml':
    case 'mdxjsEsm':
      return '';
    case 'mdxFlowExpression':
      if (isComment(node)) return '';
      return fail(context, node, 'a JavaScript expression cannot be turned into Markdown');
    case 'mdxJsxFlowElement': {
      const element = node as unknown as Parameters<typeof renderComponent>[0];
      try {
        return renderComponent(element);
      } catch (error) {
        return fail(context, node, (error as Error).message);
      }
    }
    case 'code': {
      const example = sampleOf(node, context);
      return example ? exampleFence(example) : source.slice(start, end);
    }
    case 'containerDirective': {
      const directive = node as Parent & {name: string};
      if (directive.name === tabsDirective) return sampleTabs(directive, context);
      const word = admonitions[directive.name];
      if (!word) fail(context, node, `:::${directive.name} is not an admonition`);
      const [first, ...rest] = directive.children as (Parent & {data?: {directiveLabel?: boolean}})[];
      // `:::tip[Title]`: the label is a paragraph of its own, first among the
      // children, even when empty (`:::tip[]`), and is never part of the body.
      const labelled = first?.data?.directiveLabel === true;
      const title =
        labelled && first.children.length > 0
          ? source.slice(offsets(first.children[0])[0], offsets(first.children.at(-1) as Node)[1])
          : '';
      const inner = (labelled ? rest : (directive.children as typeof rest))
        .map((child) => flowMarkdown(child, source, context))
        .filter(Boolean);
      const label = title ? `**${word}: ${title}**` : `**${word}**`;
      return [label, ...inner]
        .join('\n\n')
        .split('\n')
        .map((line) => (line ? `> ${line}` : '>'))
        .join('\n');
    }
    case 'heading': {
      // Docusaurus's explicit heading ids, `## Title {#id}`, are not Markdown.
      return splice(source, start, end, inlineEdits(node, source, context)).replace(/\s*\\?\{#[\w-]+\}\s*$/, '');
    }
    default:
      return splice(source, start, end, inlineEdits(node, source, context));
  }
}

/**
 * An MDX page as clean Markdown: imports gone, sample fences filled with their
 * files, components rendered as the Markdown they stand for, admonitions as
 * blockquotes, internal links absolute.
 * Everything else is the writer's own text, byte for byte.
 */
export function convertMdx(source: string, meta: {title: string; description: string}, context: ConvertContext): Twin {
  // Docusaurus's explicit heading ids, `## Title {#id}`, escaped as its own loader does before MDX reads them.
  source = source.replace(/^(#{1,6} .*?)\s*\{#([\w-]+)\}\s*$/gm, '$1 \\{#$2}');
  const root = parser.parse(source) as unknown as Parent;
  const blocks = (root.children as (Node & {depth?: number})[])
    .map((node) => flowMarkdown(node, source, context))
    .filter((block) => block.trim() !== '');
  const hasTitle = (root.children as {type: string; depth?: number}[]).some(
    (node) => node.type === 'heading' && node.depth === 1,
  );
  const body = [...(hasTitle ? [] : [`# ${meta.title}`]), ...blocks].join('\n\n') + '\n';
  return {title: meta.title, description: meta.description, body};
}

/** The twin as a file: front matter reduced to title and description, then the body. */
export function twinFile(twin: Twin): string {
  const quote = (value: string) => JSON.stringify(value);
  return `---\ntitle: ${quote(twin.title)}\ndescription: ${quote(twin.description)}\n---\n\n${twin.body}`;
}
