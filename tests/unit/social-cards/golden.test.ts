import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from 'vitest';
import {cardRenderer} from '../../../plugins/social-cards/render';

// The card's layout (sizes, colours, spacing, line clamps) compared with a
// reviewed picture of it, pixel for pixel: satori and resvg are deterministic,
// and their versions and the font are pinned by the lockfile. After a wanted
// change of the design, look at the picture this test writes and replace the
// golden one with it: UPDATE_GOLDEN=1 npx vitest run tests/unit/social-cards/golden.test.ts

const siteDir = path.resolve(__dirname, '../../..');
const goldenFile = (name: string) => path.join(__dirname, 'golden', name);

/** Whether the PNG is the golden one; writes it beside the test output when it is not (or over the golden one with UPDATE_GOLDEN). */
function matchesGolden(png: Buffer, name: string): boolean {
  const golden = goldenFile(name);
  if (process.env.UPDATE_GOLDEN) {
    mkdirSync(path.dirname(golden), {recursive: true});
    writeFileSync(golden, png);
  }
  const same = png.equals(readFileSync(golden));
  if (!same) {
    const out = path.join(siteDir, 'tests/.output', `social-card-actual-${name}`);
    mkdirSync(path.dirname(out), {recursive: true});
    writeFileSync(out, png);
  }
  return same;
}

const text = {
  title: 'Quickstart: accept your first crypto payment in a sandbox, end to end, from an order to a webhook',
  description:
    'Create a payment, show its address and QR code, watch it confirm on the chain, and receive the signed webhook that says it was paid. Every step has a tested sample in curl, Node.js and Python, and the sandbox plays the customer.',
  address: 'docs.coinwharf.com/payments/quickstart',
};

test('a card looks like the reviewed picture: logo and site title, a clamped title and description, the address', async () => {
  const draw = cardRenderer(siteDir, {
    siteTitle: 'Coinwharf Docs',
    logoSvg: readFileSync(path.join(siteDir, 'static/img/logo.svg'), 'utf8'),
  });
  expect(
    matchesGolden(Buffer.from(await draw(text)), 'quickstart.png'),
    'the card differs from tests/unit/social-cards/golden/quickstart.png (see tests/.output/)',
  ).toBe(true);
}, 30_000);

test('a site without an SVG logo gets the same card with the site title alone', async () => {
  const draw = cardRenderer(siteDir, {siteTitle: 'Coinwharf Docs'});
  expect(
    matchesGolden(Buffer.from(await draw(text)), 'quickstart-no-logo.png'),
    'the card differs from tests/unit/social-cards/golden/quickstart-no-logo.png (see tests/.output/)',
  ).toBe(true);
}, 30_000);
