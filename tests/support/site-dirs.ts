import path from 'node:path';

// Where the tests find the site, so the same specs can check a copy of it
// (a writer's walkthrough builds one with an extra doc): no browser imports
// here, so Vitest tests can use it too.

/**
 * The built site the tests read and serve: `SITE_BUILD_DIR`, or `build`. The
 * Playwright web server serves the same folder.
 */
export const siteBuildDir = process.env.SITE_BUILD_DIR ?? 'build';

/** The site's source folder (docs/, changelog/, static/, .docusaurus/): `SITE_DIR`, or the working directory. */
export const siteDir = process.env.SITE_DIR ?? '.';

/** A path inside the built site. */
export const inBuild = (...parts: string[]): string => path.join(siteBuildDir, ...parts);

/**
 * `derive` of a built file, computed once per file for the process: a test run never changes the
 * build, and specs ask the same of every route's main and runtime scripts, or of one file while polling.
 */
export function oncePerBuiltFile<T>(derive: (file: string) => T): (file: string) => T {
  const known = new Map<string, T>();
  return (file) => {
    if (!known.has(file)) known.set(file, derive(file));
    return known.get(file)!;
  };
}

/** A path inside the site's source folder. */
export const inSite = (...parts: string[]): string => path.join(siteDir, ...parts);
