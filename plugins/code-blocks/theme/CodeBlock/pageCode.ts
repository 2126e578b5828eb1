/**
 * The browser's half of plugins/code-blocks/code-text.ts: a page's code
 * texts, which the browser's page chunk does not carry. Imported by the pages
 * with code blocks only. A page's module makes its handle as it is evaluated;
 * the texts are loaded only when the browser renders that page's blocks itself
 * (a block the server rendered is kept as it is, and Copy reads its DOM).
 */
import {createElement, type ReactElement} from 'react';

export interface PageCode {
  /** The texts, in block order, once loaded. */
  readonly texts: readonly string[] | undefined;
  /** Loads the texts once; later calls share the first. */
  load: () => Promise<void>;
  subscribe: (listener: () => void) => () => void;
  /** What a block has for children in the browser's bundle: its page and its place (plugins/code-blocks/theme/CodeBlock). */
  block: (index: number) => ReactElement<CodeTextProps>;
}

export interface CodeTextProps {
  page: PageCode;
  index: number;
}

/** Never rendered: CodeBlock reads its props. */
const CodeText = (_: CodeTextProps) => null;

/** Whether the app has started: Docusaurus marks `<html>` once it has hydrated the first page. */
const appStarted = () => document.documentElement.dataset.hasHydrated === 'true';

/**
 * Called by a page's module as it is evaluated (in the browser only). Before
 * hydration it is the page the server rendered: nothing is loaded. Once the app
 * runs, the module is being loaded for a client-side navigation (on hover, or
 * on the click), so the texts are loaded now and the module waits for them:
 * the page then renders with every block's code, never empty blocks.
 */
export function pageCode(load: () => Promise<{default: readonly string[]}>): PageCode | Promise<PageCode> {
  let texts: readonly string[] | undefined;
  let loading: Promise<void> | undefined;
  const listeners = new Set<() => void>();
  const page: PageCode = {
    get texts() {
      return texts;
    },
    load: () =>
      (loading ??= load().then((module) => {
        texts = module.default;
        listeners.forEach((listener) => listener());
      })),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    block: (index) => createElement(CodeText, {page, index}),
  };
  return appStarted() ? page.load().then(() => page) : page;
}
