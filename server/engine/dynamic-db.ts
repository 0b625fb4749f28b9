// Entity tables are created from the catalog at start, so their names are known at run time only.
// This view of the database types them loosely; every name used with it comes from a validated
// entity model (model.ts), never from a request, and every value is a bound parameter.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

export type DynamicDatabase = Record<string, Record<string, unknown>>;
export type DynamicDb = Kysely<DynamicDatabase> | Transaction<DynamicDatabase>;

export const dynamicDb = (db: Kysely<Database>): Kysely<DynamicDatabase> => db as unknown as Kysely<DynamicDatabase>;
