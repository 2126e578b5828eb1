import {readFileSync} from 'node:fs';
import {brotliDecompressSync} from 'node:zlib';
import {expect as playwrightExpect, test as playwrightTest} from '@playwright/test';
import {parse} from 'yaml';
import {expect, rawRequest, test} from '../support/nginx';

// The API description is a file readers take: the site serves api/openapi.yaml
// byte for byte, and the same document as JSON, for Postman, Insomnia or a
// client generator, and the reference's introduction links both.

const source = readFileSync('api/openapi.yaml', 'utf8');

playwrightTest(
  'the reference introduction links the description as YAML and JSON, and both download',
  async ({page, request}) => {
    await page.goto('/api/');
    const section = page.locator('h2#description-file + p');
    await playwrightExpect(section).toContainText('Import it into Postman, Insomnia or a client generator');
    const links = section.getByRole('link');
    await playwrightExpect(links).toHaveText(['openapi.yaml', 'openapi.json']);
    const [yamlHref, jsonHref] = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    playwrightExpect([yamlHref, jsonHref]).toEqual(['/openapi.yaml', '/openapi.json']);

    const yaml = await request.get('/openapi.yaml');
    playwrightExpect(yaml.status()).toBe(200);
    playwrightExpect(await yaml.text()).toBe(source);
    const json = await request.get('/openapi.json');
    playwrightExpect(json.status()).toBe(200);
    const document = (await json.json()) as {openapi: string; info: {title: string}};
    playwrightExpect(document).toEqual(parse(source));
    playwrightExpect(document.openapi).toBe('3.1.0');
    playwrightExpect(document.info.title).toBe('Coinwharf Payments API');
  },
);

test('nginx serves the description as application/yaml and application/json, compressed on request', async ({
  nginx,
}) => {
  const yaml = await rawRequest(`${nginx.url}/openapi.yaml`, {headers: {'accept-encoding': 'br'}});
  expect(yaml.status).toBe(200);
  expect(yaml.headers['content-type']).toBe('application/yaml; charset=utf-8');
  expect(yaml.headers['content-encoding']).toBe('br');
  expect(brotliDecompressSync(yaml.body).toString('utf8')).toBe(source);
  const json = await rawRequest(`${nginx.url}/openapi.json`);
  expect(json.status).toBe(200);
  expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(JSON.parse(json.body.toString('utf8'))).toEqual(parse(source));
});
