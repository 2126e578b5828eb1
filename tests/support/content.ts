import {readdirSync} from 'node:fs';
import path from 'node:path';
import {siteDir} from './site-dirs';

function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(path.join(siteDir, dir), {recursive: true, encoding: 'utf8'})
    .filter((file) => pattern.test(file))
    .map((file) => file.split(path.sep).join('/'));
}

/** Markdown sources of every doc, standalone page and changelog entry, relative to the site folder. */
export const markdownSources: string[] = ['docs', 'src/pages', 'changelog'].flatMap((dir) =>
  filesUnder(dir, /\.mdx?$/).map((file) => `${dir}/${file}`),
);

/** Every example file a page can show, relative to examples/. */
export const exampleFiles: string[] = filesUnder('examples', /\.(sh|ts|py)$/);
