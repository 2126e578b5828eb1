import {check, LinkState} from 'linkinator';
import {expect, test} from '../support/nginx';

// linkinator crawls the site nginx serves, from "/", and checks every link,
// script, stylesheet and image on our origin, and every #fragment against the
// ids in the target page's HTML. The build only warns on broken anchors; this
// makes each one an error. A link that needs a redirect is an error too: links
// must name the canonical URL.
test('from /, every link and anchor on the site resolves without a redirect', async ({nginx}) => {
  test.setTimeout(120_000);
  const result = await check({
    path: `${nginx.url}/`,
    recurse: true,
    checkFragments: true,
    redirects: 'error',
    // Resolve relative links the way browsers do. Without it linkinator treats
    // /welcome as a folder, so href="#" on /welcome becomes /welcome/.
    cleanUrls: true,
    concurrency: 8,
    timeout: 20_000,
    linksToSkip: (link: string) => Promise.resolve(!link.startsWith(`${nginx.url}/`)),
  });
  const broken = result.links
    .filter((link) => link.state === LinkState.BROKEN)
    .map(
      (link) =>
        `${link.parent} -> ${link.url} (${link.status}${link.failureDetails?.length ? `: ${JSON.stringify(link.failureDetails).slice(0, 200)}` : ''})`,
    );
  expect(broken).toEqual([]);
  const pages = new Set(result.links.filter((l) => l.state === LinkState.OK).map((l) => new URL(l.url).pathname));
  expect([...pages]).toEqual(
    expect.arrayContaining([
      '/',
      '/welcome',
      '/payments/',
      '/payments/quickstart',
      '/payments/webhook-guide',
      '/changelog',
      '/markdown-page',
    ]),
  );
});
