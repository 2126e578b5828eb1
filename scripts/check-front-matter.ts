/**
 * Front-matter check: every doc, changelog entry and page has a
 * `title` and a `description` of 50–160 characters, and every doc a stable
 * `id` or `slug`. gray-matter parses the YAML (Docusaurus reads front matter
 * with a fork of it) and a zod schema per kind of file holds the rules. Every problem is listed as
 * `file:line: what is wrong; how to fix it`, and the check exits 1 if there
 * is any; it prints its one-line OK only when every file passed.
 *
 *   npx tsx scripts/check-front-matter.ts [site root]
 *
 * tests/unit/content/front-matter.test.ts runs it on the site and on fixtures;
 * tests/unit/front-matter/messages.test.ts proves each message a writer sees.
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import matter from 'gray-matter';
import {z} from 'zod';

export const descriptionLength = {min: 50, max: 160};

export interface Problem {
  /** Path relative to the checked root, with forward slashes. */
  file: string;
  /** 1-based line: of the key (or `<Layout>` prop) at fault when there is one, else 1. */
  line: number;
  /** What is wrong; how to fix it. */
  message: string;
}

type Kind = 'doc' | 'changelog entry' | 'page';

/** What the schemas need to word a fix for the file they check. */
export interface SchemaContext {
  /** Where the values are written: front-matter keys, or props of the page's `<Layout>`. */
  source: 'front matter' | 'Layout props';
  /** The file's name without extension, offered as an `id`. */
  name: string;
}

/** A value that is not text, as a writer would name it. */
function describeValue(value: unknown): string {
  if (value instanceof Date) return 'a date';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a set of keys';
  return `a ${typeof value}`;
}

/** The YAML a writer types to set `key` to text: quoted when the value would otherwise not be text. */
function quoted(key: string, value: unknown): string {
  const text = typeof value === 'number' || typeof value === 'boolean' ? String(value) : '…';
  return `${key}: "${text}"`;
}

/**
 * A required text value: `missing` says how to add it. Null (`key:` with nothing after it) and blank
 * text are empty; a number, a date, a list or keys are not text (YAML reads `title: 2025` as a number).
 */
function requiredText(key: string, context: SchemaContext, missing: string, empty: string) {
  const notText =
    context.source === 'front matter'
      ? (value: unknown) =>
          `${key} is ${describeValue(value)}, not text; write it as quoted text: ${quoted(key, value)}.`
      : (value: unknown) =>
          `${key} is an expression this check cannot read (${String((value as {expression?: string})?.expression)}); pass a string literal, or a constant imported from a module such as ${key}={homePage.${key}}.`;
  return z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? `${key} is missing; ${missing}`
          : issue.input === null
            ? `${key} is empty; ${empty}`
            : notText(issue.input),
    })
    .refine((value) => value.trim() !== '', {message: `${key} is empty; ${empty}`, abort: true});
}

/** Where the writer sets `key`, for the "how to fix" half of a message. */
function addKey(key: string, context: SchemaContext): string {
  return context.source === 'front matter'
    ? `add a \`${key}:\` line to the front matter`
    : `pass ${key}="…" to <Layout>`;
}

/** `title` and `description`: every doc, changelog entry and page has both. */
function pageFields(context: SchemaContext) {
  const {min, max} = descriptionLength;
  const purpose = `${min}–${max} characters that say what the page is for`;
  return {
    /**
     * The page's name: the `<title>` of the page (and the h1 of a doc or changelog entry), in the
     * sidebar, the breadcrumbs and search results. Required, non-empty text.
     */
    title: requiredText(
      'title',
      context,
      `${addKey('title', context)} with the page's name.`,
      `write the page's name.`,
    ),
    /**
     * What the page is for, in one or two sentences: the `<meta name="description">`, the
     * search-result snippet and the link-preview text. Required, 50–160 characters (counted as
     * Unicode code points, after trimming), so search engines show it whole.
     */
    description: requiredText(
      'description',
      context,
      `${addKey('description', context)}: ${purpose}.`,
      `write ${purpose}.`,
    ).superRefine((value, ctx) => {
      const length = [...value.trim()].length;
      const is = `description is ${plural(length, 'character')}`;
      if (length < min) ctx.addIssue({code: 'custom', message: `${is}; write ${purpose}.`});
      if (length > max) ctx.addIssue({code: 'custom', message: `${is}; shorten it to ${purpose}.`});
    }),
  };
}

/** An optional text key: when present, non-empty text. */
function optionalText(key: string, context: SchemaContext, empty: string) {
  return requiredText(key, context, '', empty).optional();
}

/** A doc in `docs/`: the page fields, and a stable `id` or `slug`. Other Docusaurus keys pass through. */
export function docSchema(context: SchemaContext) {
  return z
    .looseObject({
      /**
       * The doc's id in sidebars and links (`docs/payments/refunds.mdx` with `id: refunds` is
       * `payments/refunds`). Set it, or a `slug`, so renaming the file keeps the id.
       */
      id: optionalText('id', context, `write a stable id such as \`id: ${context.name}\`.`),
      /** The doc's URL path (`slug: /welcome`). Set it, or an `id`, so renaming the file keeps the URL. */
      slug: optionalText('slug', context, `write the page's path, such as \`slug: /${context.name}\`.`),
      ...pageFields(context),
    })
    .refine((doc) => doc.id !== undefined || doc.slug !== undefined, {
      message: `doc has no id or slug; add \`id: ${context.name}\` (or a \`slug:\`) to the front matter, so renaming the file keeps its id (and, with a slug, its URL).`,
      // Checked even when another field failed, so every problem is listed at once.
      when: () => true,
    });
}

/** A changelog entry in `changelog/`: the page fields. Its `date`, `authors` and `tags` pass through. */
export function changelogSchema(context: SchemaContext) {
  return z.looseObject(pageFields(context));
}

/** A Markdown page in `src/pages/`, or the props a TSX page passes to `<Layout>`: the page fields. */
export function pageSchema(context: SchemaContext) {
  return z.looseObject(pageFields(context));
}

const schemaOf: Record<Kind, (context: SchemaContext) => z.ZodType> = {
  doc: docSchema,
  'changelog entry': changelogSchema,
  page: pageSchema,
};

function filesUnder(root: string, dir: string, pattern: RegExp): string[] {
  const full = path.join(root, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full, {recursive: true, encoding: 'utf8'})
    .map((file) => file.split(path.sep).join('/'))
    .filter(
      (file) => pattern.test(file) && !file.split('/').some((part) => part.startsWith('_') || part.startsWith('.')),
    )
    .map((file) => `${dir}/${file}`)
    .sort();
}

/** Problems for every zod issue, at the line `lineOf` gives for the key at fault (1 for the whole object). */
function problemsFrom(file: string, error: z.ZodError, lineOf: (key: string) => number | undefined): Problem[] {
  return error.issues.map((issue) => {
    const key = issue.path[0];
    return {file, line: (typeof key === 'string' && lineOf(key)) || 1, message: issue.message};
  });
}

/**
 * Names the fix for a YAML error gray-matter (js-yaml) throws: `lines` are the file's lines and
 * `line` (1-based) is where js-yaml stopped. Only the line's text is read, to word the fix.
 */
function yamlProblem(file: string, lines: string[], line: number, reason: string): Problem {
  const text = lines[line - 1] ?? '';
  const entry = text.match(/^\s*([\w-]+):\s+(.*\S)\s*$/);
  // A plain value with ": " in it reads as a second key: the most common slip in descriptions.
  if (entry && !/^["'>|[{]/.test(entry[2]) && /:(\s|$)/.test(entry[2])) {
    const quote = entry[2].includes('"') ? "'" : '"';
    return {
      file,
      line,
      message: `front matter is not valid YAML: the value of ${entry[1]} contains ": " and is not quoted; put the whole value in quotes: ${entry[1]}: ${quote}…${quote}.`,
    };
  }
  const unclosed = reason.match(/within a (double|single) quoted scalar/)?.[1];
  if (unclosed) {
    const quote = unclosed === 'double' ? '"' : "'";
    // js-yaml stops at the end of the block; the quote opened on the last line whose value starts with it.
    const opens = new RegExp(`^\\s*([\\w-]+):\\s*${quote}`);
    let start = line;
    while (start > 2 && !opens.test(lines[start - 1] ?? '')) start -= 1;
    const key = lines[start - 1]?.match(opens)?.[1];
    return {
      file,
      line: start,
      message: `front matter is not valid YAML: ${key ? `the value of ${key}` : 'a value'} opens a ${quote} quote and never closes it; end the value with ${quote}.`,
    };
  }
  if (/duplicated mapping key/.test(reason) && entry) {
    return {
      file,
      line,
      message: `front matter is not valid YAML: ${entry[1]} is set twice; keep one \`${entry[1]}:\` line and delete the other.`,
    };
  }
  return {
    file,
    line,
    message: `front matter is not valid YAML (${reason}); check the quotes and indentation on this line, and quote a value that contains ": " or " #".`,
  };
}

function checkMarkdown(root: string, file: string, kind: Kind): Problem[] {
  const source = readFileSync(path.join(root, file), 'utf8');
  const name = path.basename(file).replace(/\.mdx?$/, '');
  const lines = source.split(/\r?\n/);
  const required =
    kind === 'doc'
      ? 'title:, description: (50–160 characters) and id: (or slug:)'
      : 'title: and description: (50–160 characters)';
  if (!matter.test(source)) {
    return [
      {
        file,
        line: 1,
        message: `${kind} has no front matter; start the file with a --- line, then ${required} lines, then a closing --- line.`,
      },
    ];
  }
  if (source.indexOf('\n---', 3) === -1) {
    return [{file, line: 1, message: 'front matter is never closed; add a --- line after its last key.'}];
  }
  let parsed: matter.GrayMatterFile<string>;
  try {
    // The empty options object turns off gray-matter's cache, which would hand a second check of
    // the same text an unparsed, empty result after the first one threw.
    parsed = matter(source, {});
  } catch (error) {
    const {mark, reason} = error as {mark?: {line: number}; reason?: string};
    if (!mark) throw error;
    // js-yaml counts from 0 at the rest of the opening --- line, which is line 1 of the file.
    return [yamlProblem(file, lines, mark.line + 1, reason ?? String(error))];
  }
  const blockLines = parsed.matter.split('\n').length;
  const lineOf = (key: string): number | undefined => {
    const index = lines.slice(1, blockLines).findIndex((text) => text.startsWith(`${key}:`));
    return index === -1 ? undefined : index + 2;
  };
  const data: unknown = parsed.data;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return [
      {file, line: 2, message: `front matter is not a set of keys; write one \`key: value\` per line: ${required}.`},
    ];
  }
  const result = schemaOf[kind]({source: 'front matter', name}).safeParse(data);
  return result.success ? [] : problemsFrom(file, result.error, lineOf);
}

/** The front matter's text values (numbers and booleans as text), or null when the file has none. Throws on invalid YAML. */
export function parseFrontMatter(source: string): Record<string, string> | null {
  if (!matter.test(source)) return null;
  const data: unknown = matter(source, {}).data;
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(data ?? {})) {
    if (['string', 'number', 'boolean'].includes(typeof value)) fields[key] = String(value);
  }
  return fields;
}

/** A `{…}` prop this check cannot evaluate. */
interface Unreadable {
  expression: string;
}

/** A prop of the page's `<Layout>`: a string literal, or a `{name.path}` read from an imported module. */
async function layoutProp(
  root: string,
  file: string,
  source: string,
  layout: string,
  prop: string,
): Promise<string | Unreadable | undefined> {
  const attribute = layout.match(new RegExp(`\\s${prop}=(?:"([^"]*)"|'([^']*)'|\\{([^}]*)\\})`));
  if (!attribute) return undefined;
  const [, double, single, expression] = attribute;
  if (expression === undefined) return double ?? single;
  const literal = expression.trim().match(/^(['"`])(.*)\1$/s);
  if (literal) return literal[2];
  const [name, ...keys] = expression.trim().split('.');
  const imported = source.match(new RegExp(`import\\s*\\{[^}]*\\b${name}\\b[^}]*\\}\\s*from\\s*'([^']+)'`))?.[1];
  if (!imported || !/^[\w$]+$/.test(name)) return {expression: expression.trim()};
  const modulePath = imported.startsWith('@site/')
    ? path.join(root, imported.slice('@site/'.length))
    : path.resolve(path.dirname(path.join(root, file)), imported);
  const candidate = ['.ts', '.tsx', '.js', '/index.ts'].map((ext) => modulePath + ext).find(existsSync);
  if (!candidate) return {expression: expression.trim()};
  // import(), not require(): tsx and Vitest both compile a .ts module imported this way.
  let value: unknown = ((await import(pathToFileURL(candidate).href)) as Record<string, unknown>)[name];
  for (const key of keys) value = (value as Record<string, unknown> | undefined)?.[key];
  return typeof value === 'string' ? value : {expression: expression.trim()};
}

async function checkReactPage(root: string, file: string): Promise<Problem[]> {
  const source = readFileSync(path.join(root, file), 'utf8');
  const layout = source.match(/<Layout\b[^>]*>/);
  if (!layout) {
    return [
      {
        file,
        line: 1,
        message:
          'page does not render <Layout>; wrap it in <Layout title="…" description="…"> so it gets a title and a description.',
      },
    ];
  }
  const layoutLine = source.slice(0, layout.index).split('\n').length;
  const props: Record<string, string | Unreadable> = {};
  for (const prop of ['title', 'description']) {
    const value = await layoutProp(root, file, source, layout[0], prop);
    if (value !== undefined) props[prop] = value;
  }
  const lineOf = (prop: string): number => {
    const offset = layout[0].search(new RegExp(`\\s${prop}=`));
    return offset === -1 ? layoutLine : layoutLine + layout[0].slice(0, offset + 1).split('\n').length - 1;
  };
  const name = path.basename(file).replace(/\.[jt]sx$/, '');
  const result = pageSchema({source: 'Layout props', name}).safeParse(props);
  return result.success ? [] : problemsFrom(file, result.error, lineOf);
}

/** Every problem under `root`, which holds `docs/`, `changelog/` and `src/pages/`, by file and then line. */
export async function checkFrontMatter(root: string = process.cwd()): Promise<Problem[]> {
  const problems: Problem[] = [];
  for (const file of filesUnder(root, 'docs', /\.mdx?$/)) problems.push(...checkMarkdown(root, file, 'doc'));
  for (const file of filesUnder(root, 'changelog', /\.mdx?$/)) {
    problems.push(...checkMarkdown(root, file, 'changelog entry'));
  }
  for (const file of filesUnder(root, 'src/pages', /\.mdx?$/)) problems.push(...checkMarkdown(root, file, 'page'));
  for (const file of filesUnder(root, 'src/pages', /\.[jt]sx$/)) problems.push(...(await checkReactPage(root, file)));
  // Stable sort: within a file, by line; the files keep the order above.
  const fileOrder = [...new Set(problems.map(({file}) => file))];
  return problems.sort((a, b) => fileOrder.indexOf(a.file) - fileOrder.indexOf(b.file) || a.line - b.line);
}

/** The files checked under `root`, to prove the check saw them. */
export function checkedFiles(root: string = process.cwd()): string[] {
  return [
    ...filesUnder(root, 'docs', /\.mdx?$/),
    ...filesUnder(root, 'changelog', /\.mdx?$/),
    ...filesUnder(root, 'src/pages', /\.(mdx?|[jt]sx)$/),
  ];
}

export function formatProblems(problems: Problem[]): string {
  return problems.map(({file, line, message}) => `${file}:${line}: ${message}`).join('\n');
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

async function main(): Promise<void> {
  const root = path.resolve(process.argv[2] ?? '.');
  const files = checkedFiles(root);
  if (files.length === 0) {
    // An OK over nothing would hide a mistyped root.
    console.error(
      `${root}: no docs, changelog entries or pages found; pass the site root (the folder holding docs/, changelog/ and src/pages/).`,
    );
    process.exit(1);
  }
  const problems = await checkFrontMatter(root);
  if (problems.length > 0) {
    console.error(formatProblems(problems));
    const failed = new Set(problems.map(({file}) => file)).size;
    console.error(`\n${plural(problems.length, 'front-matter problem')} in ${plural(failed, 'file')}.`);
    process.exit(1);
  }
  console.log(`Front matter OK in ${plural(files.length, 'file')}.`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
