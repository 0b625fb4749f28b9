// On PostgreSQL (DATABASE_URL) the server suite's files start from one seeded template database
// (global-setup.ts builds it once) instead of migrating and seeding a fresh schema each: a file's app gets
// `create database … template …`, a file copy of well under a second, where the seed took 10–40 s a file.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import { prepareDatabase } from '../../server/app';
import type { Database } from '../../server/db/schema';
import { auditRetentionDays } from '../../server/platform/audit-retention';
import { loadCatalog } from '../../server/platform/catalog';

/** Names made here only (never from input), checked before they reach SQL. */
const NAME = /^zhgd_(seed|t)_[0-9a-f]{8,16}$/;
const checked = (name: string): string => {
  if (!NAME.test(name)) throw new Error(`invalid database name ${name}`);
  return pg.escapeIdentifier(name);
};

/** The address of database `name` on the server of `url`. */
export function databaseUrl(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Creates and seeds the template database (what buildApp's start writes); returns its name. */
export async function buildTemplate(url: string): Promise<string> {
  const name = `zhgd_seed_${randomBytes(6).toString('hex')}`;
  await admin(url, `create database ${checked(name)}`);
  const pool = new pg.Pool({ connectionString: databaseUrl(url, name), max: 4 });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  try {
    await prepareDatabase(db, loadCatalog(), { seed: true, auditRetentionDays: auditRetentionDays(process.env.AUDIT_RETENTION_DAYS) });
  } finally {
    await db.destroy();
  }
  return name;
}

/** A new database copied from the template; returns its address and how to drop it. */
export async function copyTemplate(url: string, template: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `zhgd_t_${randomBytes(8).toString('hex')}`;
  // Two workers copying at the same instant may find the template "being accessed": try again shortly.
  for (let attempt = 0; ; attempt += 1) {
    try {
      await admin(url, `create database ${checked(name)} template ${checked(template)}`);
      break;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  return { url: databaseUrl(url, name), drop: () => dropDatabase(url, name) };
}

export const dropDatabase = (url: string, name: string): Promise<void> => admin(url, `drop database if exists ${checked(name)} with (force)`);
