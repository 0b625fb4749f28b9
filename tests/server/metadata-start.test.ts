// The server refuses to start on an invalid schema (architecture §4): buildApp throws before it opens
// the database, and its message lists every problem as `file: JSON pointer: message`, as codegen does.
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { EntityField, EntitySchema, PageSchema } from '../../common/metadata';
import { SchemaError } from '../../common/metadata/problems';
import { SCHEMAS_DIR } from '../../server/platform/catalog';
import { productWithFixture, type FixtureFiles } from '../unit/codegen/fixture';
import { startApp } from './helpers';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function start(edit: (files: FixtureFiles) => void) {
  const schemasDir = productWithFixture(SCHEMAS_DIR, edit);
  dirs.push(schemasDir);
  return startApp({ schemasDir });
}

const order = (f: FixtureFiles) => f['entities/work-order.json'] as EntitySchema;
const orderField = (f: FixtureFiles, name: string) => order(f).fields.find((x) => x.name === name) as EntityField;
const page = (f: FixtureFiles) => f['pages/work-order.json'] as PageSchema;

describe('server start', () => {
  it('starts on valid schemas with a configurator\'s new entity, page and menu node', async () => {
    const app = await start(() => {});
    await app.close();
  });
});

describe('server start on invalid schemas', () => {
  it('refuses a page column naming a missing field', async () => {
    const started = start((f) => void (page(f).list.columns[0].field = 'subject'));
    await expect(started).rejects.toBeInstanceOf(SchemaError);
    await expect(started).rejects.toThrow(/pages\/work-order\.json: \/list\/columns\/0\/field: entity WorkOrder has no field "subject"/);
  });

  it('refuses an unknown field type', async () => {
    await expect(start((f) => void (orderField(f, 'hours').type = 'decimal' as never))).rejects.toThrow(
      /entities\/work-order\.json: \/fields\/6\/type: "decimal" is not one of "id", "string"/,
    );
  });

  it('refuses a dangling dictionary', async () => {
    await expect(start((f) => void (orderField(f, 'category').dictionary = { type: 'orderKind' }))).rejects.toThrow(
      /entities\/work-order\.json: \/fields\/2\/dictionary\/type: no dictionary named "orderKind" in schemas\/dictionaries\//,
    );
  });

  it('lists every problem at once, one line each', async () => {
    const error = await start((f) => {
      page(f).list.columns[0].field = 'subject';
      orderField(f, 'category').dictionary = { type: 'orderKind' };
      order(f).permission = { page: 'ops', group: 'tickets' };
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SchemaError);
    const lines = (error as SchemaError).message.split('\n');
    expect(lines[0]).toBe('schemas/ has 3 problem(s):');
    expect(lines.slice(1).map((l) => l.replace(/^.*?schemas-app-[^/]+\//, ''))).toEqual([
      'entities/work-order.json: /fields/2/dictionary/type: no dictionary named "orderKind" in schemas/dictionaries/',
      'entities/work-order.json: /permission/group: menu node "ops" has no node with path "tickets" below it',
      'pages/work-order.json: /list/columns/0/field: entity WorkOrder has no field "subject"',
    ]);
  });
});
