import type {Page} from '@playwright/test';

/**
 * Every layout shift of the page since its first byte that no input caused, one line each: its value
 * and what moved. The browser buffers these entries for an observer that asks for them, so no script
 * has to be in the page before it loads.
 */
export function layoutShifts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const observer = new PerformanceObserver(() => {});
    observer.observe({type: 'layout-shift', buffered: true});
    const entries = observer.takeRecords() as unknown as {
      value: number;
      hadRecentInput: boolean;
      sources: {node?: Node | null}[];
    }[];
    observer.disconnect();
    return entries
      .filter(({hadRecentInput}) => !hadRecentInput)
      .map(({value, sources}) => {
        const moved = sources.map(({node}) =>
          node instanceof Element ? `${node.localName}.${node.className}` : (node?.nodeName ?? 'gone'),
        );
        return `${value.toFixed(4)}: ${moved.join(', ')}`;
      });
  });
}
