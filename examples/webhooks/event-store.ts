// Remembers which webhook-ids were processed, so a repeated delivery is fulfilled once.
import {mkdir, open, rm} from 'node:fs/promises';
import path from 'node:path';

export interface EventStore {
  /** True the first time an event id is recorded, false for every repeat. */
  recordOnce(eventId: string): Promise<boolean>;
  /** Releases an id whose processing failed, so Coinwharf's retry processes it. */
  forget(eventId: string): Promise<void>;
}

// In production, let your database's unique constraint decide. With Postgres (`pg`):
//
//   CREATE TABLE processed_events (event_id text PRIMARY KEY, received_at timestamptz NOT NULL DEFAULT now());
//
//   const postgresStore: EventStore = {
//     async recordOnce(eventId) {
//       const result = await pool.query(
//         'INSERT INTO processed_events (event_id) VALUES ($1) ON CONFLICT DO NOTHING', [eventId]);
//       return result.rowCount === 1;
//     },
//     async forget(eventId) {
//       await pool.query('DELETE FROM processed_events WHERE event_id = $1', [eventId]);
//     },
//   };
//
// Better still, run that INSERT and your order update in one transaction.

// Runs with no database: one file per event id. Creating a file with the 'wx'
// flag fails if it exists, atomically, so the file system is the unique constraint.
// Fine on one machine; use the database version when several servers share the work.
export class FileEventStore implements EventStore {
  constructor(private readonly directory: string) {}

  async recordOnce(eventId: string): Promise<boolean> {
    await mkdir(this.directory, {recursive: true});
    try {
      const file = await open(this.pathOf(eventId), 'wx');
      await file.writeFile(new Date().toISOString());
      await file.close();
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    }
  }

  async forget(eventId: string): Promise<void> {
    await rm(this.pathOf(eventId), {force: true});
  }

  private pathOf(eventId: string): string {
    // Ids are evt_ followed by letters and digits; refuse anything that could leave the directory.
    if (!/^[A-Za-z0-9_-]{1,255}$/.test(eventId)) throw new Error(`Unexpected event id: ${eventId}`);
    return path.join(this.directory, eventId);
  }
}
