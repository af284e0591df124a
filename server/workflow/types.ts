/** What the engine works on: an application row, and what it needs of the app around it. */
import type { AppContext } from '../context.js';
import type { application } from '../db/schema.js';

export type ApplicationRow = typeof application.$inferSelect;

/** What the engine needs of the application context (the demo seed runs it without a server, and without metrics). */
export type WorkflowEnv = Pick<AppContext, 'clock' | 'config'> & Partial<Pick<AppContext, 'metrics'>>;
