/**
 * remark plugin: turns tested-sample fences into the code blocks and synced
 * tabs readers see. A writer writes
 *
 *     :::code-tabs
 *     ```ts file=examples/api/create-payment.ts
 *     ```
 *     ```python file=examples/api/create_payment.py
 *     ```
 *     :::
 *
 * and the page gets `<ExampleTabs group="language">` with one `<ExampleTab>`
 * per file, each holding the file's code, titled with its path. A lone fence
 * with `file=` becomes one titled code block. `:::code-tabs{group=framework}`
 * groups by framework, each fence naming its tab with `label=`.
 * A mistake fails the build, naming the page, the line and the fix.
 * Last, every code block's text is taken out of the browser's page chunk
 * (./code-text).
 */
import path from 'node:path';
import type {Code, Root, RootContent} from 'mdast';
import type {MdxJsxFlowElement} from 'mdast-util-mdx-jsx';
import type {ContainerDirective} from 'mdast-util-directive';
import {SKIP, visit} from 'unist-util-visit';
import type {VFile} from 'vfile';
import {exampleLanguage, exampleTabLabel, exampleTabValue, tabGroups, type Example, type TabGroup} from './languages';
import {readSample, SampleError, sampleFence} from './sample';
import {moveCodeText} from './code-text';

export interface RemarkCodeSamplesOptions {
  /** The site's directory: samples are read from its examples/ folder. */
  siteDir: string;
}

/** The directive that groups samples into tabs. */
export const tabsDirective = 'code-tabs';

function failAt(siteDir: string, file: VFile, node: {position?: {start: {line: number}}}, message: string): never {
  const page = path.relative(siteDir, file.path);
  throw new Error(`${page}:${node.position?.start.line ?? 1}: ${message}`);
}

/** A sample's code node, as a fence with its language and its path as title would give. */
function sampleCode(example: Example, at: Code): Code {
  return {
    type: 'code',
    lang: exampleLanguage(example.file).prism,
    meta: `title="examples/${example.file}"`,
    value: example.code.trimEnd(),
    position: at.position,
  };
}

const jsx = (name: string, attributes: Record<string, string>, children: RootContent[]): MdxJsxFlowElement => ({
  type: 'mdxJsxFlowElement',
  name,
  attributes: Object.entries(attributes).map(([key, value]) => ({type: 'mdxJsxAttribute', name: key, value})),
  children: children as MdxJsxFlowElement['children'],
});

/**
 * What a sample shows: the file; or, when the fence names a region, the region's lines (titled with
 * where they are in the file) and the whole file under them, behind a `<WholeSample>` toggle.
 */
function sampleContent(example: Example, at: Code): RootContent[] {
  const whole = sampleCode(example, at);
  const {excerpt} = example;
  if (!excerpt) return [whole];
  const lines = example.code.trimEnd().split('\n').length;
  return [
    {
      ...whole,
      meta: `title="examples/${example.file}, lines ${excerpt.from}–${excerpt.to}"`,
      value: excerpt.code.trimEnd(),
    },
    jsx('WholeSample', {file: `examples/${example.file}`, lines: String(lines)}, [whole]),
  ];
}

export default function remarkCodeSamples({siteDir}: RemarkCodeSamplesOptions) {
  return (tree: Root, file: VFile) => {
    const fail = (node: {position?: {start: {line: number}}}, message: string): never =>
      failAt(siteDir, file, node, message);

    /** The file a sample fence names, read; undefined for a plain fence. */
    const sampleOf = (node: Code): Example | undefined => {
      try {
        const fence = sampleFence(node.lang, node.meta);
        if (!fence) return undefined;
        if (node.value.trim() !== '') {
          throw new SampleError(`the code comes from examples/${fence.file}: leave the fence empty`);
        }
        return readSample(siteDir, fence);
      } catch (error) {
        if (error instanceof SampleError) return fail(node, error.message);
        throw error;
      }
    };

    const tabs = (directive: ContainerDirective): MdxJsxFlowElement => {
      const group = (directive.attributes?.group ?? 'language') as TabGroup;
      if (!tabGroups.includes(group)) {
        fail(directive, `:::${tabsDirective}{group=${group}}: a group is ${tabGroups.join(' or ')}`);
      }
      const items = directive.children.map((child) => {
        const example = child.type === 'code' ? sampleOf(child) : undefined;
        if (!example) {
          return fail(child, `only sample fences (\`\`\`ts file=examples/…) go inside :::${tabsDirective}`);
        }
        if (group === 'framework' && !example.label) {
          fail(child, `a framework tab needs its name: add label="…" to the fence of examples/${example.file}`);
        }
        return {example, value: exampleTabValue(group, example), code: child as Code};
      });
      if (items.length === 0) fail(directive, `:::${tabsDirective} holds no sample fence`);
      const values = items.map((item) => item.value);
      const twice = values.find((value, index) => values.indexOf(value) !== index);
      if (twice)
        fail(directive, `two tabs of this group would both be "${twice}": give each tab its own language or label`);
      return {
        ...jsx(
          'ExampleTabs',
          {group},
          items.map(({example, value, code}) =>
            jsx('ExampleTab', {value, label: exampleTabLabel(example)}, sampleContent(example, code)),
          ),
        ),
        position: directive.position,
      };
    };

    visit(tree, (node, index, parent) => {
      if (node.type === 'containerDirective' && node.name === tabsDirective && parent && index !== undefined) {
        parent.children[index] = tabs(node);
        return SKIP;
      }
      if (node.type === 'code') {
        const example = sampleOf(node);
        if (example?.excerpt)
          fail(node, 'region= shows part of a file inside :::code-tabs only, where its tab holds the rest');
        if (example) Object.assign(node, sampleCode(example, node));
      }
      return undefined;
    });

    // Every code block, samples or not: its text goes to the server bundle and a chunk of its own (./code-text).
    moveCodeText(tree);
  };
}
