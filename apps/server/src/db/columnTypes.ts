import type { Generated } from 'kysely';

// Column types the table interfaces share.

/** An auto-increment id: the database fills it on insert. */
export type Id = Generated<number>;
/** A moment, epoch milliseconds (bigint columns, read back as numbers on both engines). */
export type Ms = number;
/** A calendar day 'YYYY-MM-DD' in the park's time zone. */
export type Day = string;
/** A boolean as 0/1 (SQLite has no boolean type). */
export type Flag = number;
