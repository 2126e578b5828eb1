import {isValidElement} from 'react';
import {afterEach, beforeEach, expect, test, vi} from 'vitest';
import {pageCode, type PageCode} from '../../../plugins/code-blocks/theme/CodeBlock/pageCode';

// A page's handle on its code texts in the browser: made as the page's module
// is evaluated, loading the texts only when the browser renders the page.

const html = {dataset: {} as Record<string, string>};
beforeEach(() => {
  html.dataset = {};
  vi.stubGlobal('document', {documentElement: html});
});
afterEach(() => vi.unstubAllGlobals());

test('the page the server rendered gets its handle without loading its texts', () => {
  const load = vi.fn(() => Promise.resolve({default: ['a\n']}));
  const page = pageCode(load) as PageCode;
  expect(page).not.toBeInstanceOf(Promise);
  expect(load).not.toHaveBeenCalled();
  expect(page.texts).toBeUndefined();
});

test('a page evaluated once the app runs waits for its texts, which load once', async () => {
  html.dataset.hasHydrated = 'true';
  const load = vi.fn(() => Promise.resolve({default: ['first\n', 'second\n']}));
  const registered = pageCode(load);
  expect(registered).toBeInstanceOf(Promise);
  const page = await registered;
  expect(page.texts).toEqual(['first\n', 'second\n']);
  await page.load();
  expect(load).toHaveBeenCalledTimes(1);
});

test('a block rendered before its page has its texts is told when they come', async () => {
  const load = vi.fn(() => Promise.resolve({default: ['late\n']}));
  const page = pageCode(load) as PageCode;
  const listener = vi.fn(() => page.texts?.[0]);
  const unsubscribe = page.subscribe(listener);
  await Promise.all([page.load(), page.load()]);
  expect(load).toHaveBeenCalledTimes(1);
  expect(listener).toHaveBeenCalledTimes(1);
  expect(listener).toHaveReturnedWith('late\n');
  unsubscribe();
  await page.load();
  expect(listener).toHaveBeenCalledTimes(1);
});

test("a block's children in the browser are an element naming its page and its place", () => {
  const page = pageCode(() => Promise.resolve({default: []})) as PageCode;
  const block = page.block(3);
  expect(isValidElement(block)).toBe(true);
  expect(block.props).toEqual({page, index: 3});
});
