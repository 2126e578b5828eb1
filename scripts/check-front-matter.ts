/**
 * Front-matter check (issue #8): every doc, changelog entry and page has a
 * `title` and a `description` of 50–160 characters, and every doc a stable
 * `id` or `slug`. Each problem names the file and what to fix.
 *
 *   npx tsx scripts/check-front-matter.ts [site root]
 *
 * tests/content/front-matter.spec.ts runs it on the site and on fixtures.
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';

export const descriptionLength = {min: 50, max: 160};

export interface Problem {
  /** Path relative to the checked root, with forward slashes. */
  file: string;
  message: string;
}

type Kind = 'doc' | 'changelog entry' | 'page';

/** The top-level scalars of a YAML front matter block: plain, quoted, or folded/literal block values. */
export function parseFrontMatter(source: string): Record<string, string> | null {
  const block = source.match(/^---\r?\n([\s\S]*?)\r?\n---\r?\n/)?.[1];
  if (block === undefined) return null;
  const fields: Record<string, string> = {};
  const lines = block.split(/\r?\n/);
  for (let i = 0; i < lines.length; i += 1) {
    const match = lines[i].match(/^([A-Za-z_][\w-]*):(?:\s+(.*))?$/);
    if (!match) continue;
    const [, key, rawValue = ''] = match;
    // Indented lines that follow belong to this value (a block scalar or a wrapped plain value).
    const continued: string[] = [];
    while (i + 1 < lines.length && /^\s+\S/.test(lines[i + 1])) continued.push(lines[++i].trim());
    const value = rawValue.trim();
    if (/^[>|][-+]?$/.test(value)) {
      fields[key] = continued.join(value.startsWith('>') ? ' ' : '\n');
    } else if (value.startsWith("'")) {
      fields[key] = [value, ...continued].join(' ').replace(/^'|'$/g, '').replace(/''/g, "'");
    } else if (value.startsWith('"')) {
      try {
        fields[key] = JSON.parse([value, ...continued].join(' '));
      } catch {
        fields[key] = value.slice(1, -1);
      }
    } else {
      fields[key] = [value, ...continued].join(' ').replace(/\s+#.*$/, '');
    }
  }
  return fields;
}

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

function checkDescription(file: string, description: string | undefined, where: string, addTo: string): Problem[] {
  const {min, max} = descriptionLength;
  if (!description?.trim()) {
    return [
      {
        file,
        message: `add a \`description\` ${addTo} (${min}–${max} characters): search results and link previews show it`,
      },
    ];
  }
  const length = [...description.trim()].length;
  if (length < min) {
    return [{file, message: `the \`description\` ${where} has ${length} characters; write at least ${min}`}];
  }
  if (length > max) {
    return [{file, message: `the \`description\` ${where} has ${length} characters; shorten it to ${max} at most`}];
  }
  return [];
}

function checkMarkdown(root: string, file: string, kind: Kind): Problem[] {
  const fields = parseFrontMatter(readFileSync(path.join(root, file), 'utf8'));
  if (!fields) {
    return [
      {
        file,
        message: `add a front matter block (between \`---\` lines) with \`title\` and \`description\` to this ${kind}`,
      },
    ];
  }
  const problems: Problem[] = [];
  if (!fields.title?.trim()) problems.push({file, message: `add a \`title\` to the front matter of this ${kind}`});
  problems.push(...checkDescription(file, fields.description, 'in the front matter', 'to the front matter'));
  if (kind === 'doc' && !fields.id?.trim() && !fields.slug?.trim()) {
    const name = path.basename(file).replace(/\.mdx?$/, '');
    problems.push({
      file,
      message: `add a stable \`id\` (such as \`id: ${name}\`) or \`slug\` to the front matter, so a renamed file keeps its id (with \`slug\`, its URL too)`,
    });
  }
  return problems;
}

/** A prop of the page's `<Layout>`: a string literal, or a `{name.path}` read from an imported module. */
function layoutProp(root: string, file: string, source: string, layout: string, prop: string): string | undefined {
  const attribute = layout.match(new RegExp(`\\s${prop}=(?:"([^"]*)"|'([^']*)'|\\{([^}]*)\\})`));
  if (!attribute) return undefined;
  const [, double, single, expression] = attribute;
  if (expression === undefined) return double ?? single;
  const literal = expression.trim().match(/^(['"`])(.*)\1$/s);
  if (literal) return literal[2];
  const [name, ...keys] = expression.trim().split('.');
  const imported = source.match(new RegExp(`import\\s*\\{[^}]*\\b${name}\\b[^}]*\\}\\s*from\\s*'([^']+)'`))?.[1];
  if (!imported || !/^[\w$]+$/.test(name)) return expression;
  const modulePath = imported.startsWith('@site/')
    ? path.join(root, imported.slice('@site/'.length))
    : path.resolve(path.dirname(path.join(root, file)), imported);
  const candidate = ['.ts', '.tsx', '.js', '/index.ts'].map((ext) => modulePath + ext).find(existsSync);
  if (!candidate) return expression;
  // Through require: tsx and Playwright load .ts modules with a CommonJS hook, not with import().
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  let value: unknown = require(candidate)[name];
  for (const key of keys) value = (value as Record<string, unknown> | undefined)?.[key];
  return typeof value === 'string' ? value : undefined;
}

function checkReactPage(root: string, file: string): Problem[] {
  const source = readFileSync(path.join(root, file), 'utf8');
  const layout = source.match(/<Layout\b[^>]*>/)?.[0];
  if (!layout) {
    return [
      {file, message: 'render the page in `<Layout title="…" description="…">` so it gets a title and a description'},
    ];
  }
  const problems: Problem[] = [];
  const title = layoutProp(root, file, source, layout, 'title');
  if (!title?.trim()) problems.push({file, message: 'give `<Layout>` a `title` prop'});
  problems.push(
    ...checkDescription(
      file,
      layoutProp(root, file, source, layout, 'description'),
      'prop of `<Layout>`',
      'prop to `<Layout>`',
    ),
  );
  return problems;
}

/** Every problem under `root`, which holds `docs/`, `changelog/` and `src/pages/`. */
export function checkFrontMatter(root: string = process.cwd()): Problem[] {
  const problems: Problem[] = [];
  for (const file of filesUnder(root, 'docs', /\.mdx?$/)) problems.push(...checkMarkdown(root, file, 'doc'));
  for (const file of filesUnder(root, 'changelog', /\.mdx?$/))
    problems.push(...checkMarkdown(root, file, 'changelog entry'));
  for (const file of filesUnder(root, 'src/pages', /\.mdx?$/)) problems.push(...checkMarkdown(root, file, 'page'));
  for (const file of filesUnder(root, 'src/pages', /\.[jt]sx$/)) problems.push(...checkReactPage(root, file));
  return problems;
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
  return problems.map(({file, message}) => `${file}: ${message}`).join('\n');
}

function main(): void {
  const root = path.resolve(process.argv[2] ?? '.');
  const problems = checkFrontMatter(root);
  if (problems.length > 0) {
    console.error(formatProblems(problems));
    console.error(`\n${problems.length} front-matter problem(s).`);
    process.exit(1);
  }
  console.log(`Front matter OK in ${checkedFiles(root).length} files.`);
}

if (require.main === module) {
  main();
}
