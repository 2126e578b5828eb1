import {mkdtempSync, readdirSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, beforeEach, describe, expect, test, vi} from 'vitest';
import {FileEventStore} from '../../../examples/webhooks/event-store';

// The file event store the Node receiver samples use to fulfil each event once.

/** Set `with` to make the store's next open() fail with that error (root ignores file permissions). */
const openFails = vi.hoisted(() => ({with: null as Error | null}));
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  return {
    ...actual,
    open: (...args: Parameters<typeof actual.open>) =>
      openFails.with ? Promise.reject(openFails.with) : actual.open(...args),
  };
});

describe('FileEventStore of event-store.ts', () => {
  let directory: string;
  beforeEach(() => {
    directory = mkdtempSync(path.join(tmpdir(), 'event-store-'));
  });
  afterEach(() => {
    openFails.with = null;
    rmSync(directory, {recursive: true, force: true});
  });

  test('records an id once, in a directory it creates, with the time it was recorded', async () => {
    const store = new FileEventStore(path.join(directory, 'nested', 'events'));
    const before = Date.now();
    expect(await store.recordOnce('evt_4Gd9KsW2mP7xRb1NqT6vLc3Y')).toBe(true);
    expect(await store.recordOnce('evt_4Gd9KsW2mP7xRb1NqT6vLc3Y')).toBe(false);
    expect(readdirSync(path.join(directory, 'nested', 'events'))).toEqual(['evt_4Gd9KsW2mP7xRb1NqT6vLc3Y']);
    const written = Date.parse(
      readFileSync(path.join(directory, 'nested', 'events', 'evt_4Gd9KsW2mP7xRb1NqT6vLc3Y'), 'utf8'),
    );
    expect(written).toBeGreaterThanOrEqual(before - 1);
    expect(written).toBeLessThanOrEqual(Date.now());
  });

  test('of five simultaneous records of one id, exactly one wins', async () => {
    const store = new FileEventStore(directory);
    const results = await Promise.all(Array.from({length: 5}, () => store.recordOnce('evt_same')));
    expect(results.filter(Boolean)).toEqual([true]);
  });

  test('forget releases an id so it records again, and forgetting an unknown id is fine', async () => {
    const store = new FileEventStore(directory);
    await store.recordOnce('evt_1');
    await store.forget('evt_1');
    expect(readdirSync(directory)).toEqual([]);
    expect(await store.recordOnce('evt_1')).toBe(true);
    await expect(store.forget('evt_never_seen')).resolves.toBeUndefined();
  });

  test.each(['../escape', 'evt/1', '', 'a'.repeat(256), 'evt 1', 'evt.1'])(
    'refuses the id %j, which could leave the directory',
    async (eventId) => {
      const store = new FileEventStore(directory);
      await expect(store.recordOnce(eventId)).rejects.toThrow(`Unexpected event id: ${eventId}`);
      await expect(store.forget(eventId)).rejects.toThrow(`Unexpected event id: ${eventId}`);
    },
  );

  test('accepts the longest id, 255 characters of letters, digits, _ and -', async () => {
    expect(await new FileEventStore(directory).recordOnce(`evt_-${'a'.repeat(250)}`)).toBe(true);
  });

  test('a file-system error other than "exists" is thrown, not taken for a duplicate', async () => {
    openFails.with = Object.assign(new Error('EACCES: permission denied'), {code: 'EACCES'});
    await expect(new FileEventStore(directory).recordOnce('evt_1')).rejects.toMatchObject({code: 'EACCES'});
  });
});
