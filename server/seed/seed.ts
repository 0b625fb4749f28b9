// Applies the demo data set once: only when the database has no users (a fresh install), inside one
// transaction under the migration lock, so two processes starting together seed once.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { MenuNode } from '../../common/menu-tree';
import { EXPORT_PERSONAL_DATA } from '../../common/metadata/field-access';
import type { Catalog } from '../platform/catalog';
import { ALL } from '../platform/permissions';
import { hashPassword } from '../auth/password';
import { COMPANIES, NOTICES, PROJECTS, READ_NOTICE_COUNT, ROLE_GROUPS, ROLES, USERS, type RoleSeed } from './demo-data';
import { DEMO_PASSWORD } from './demo-accounts';

const hasUsers = async (db: Kysely<Database> | Transaction<Database>): Promise<boolean> =>
  (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;

/** Seeds when empty; returns whether it did. */
export async function seedDemoData(db: Kysely<Database>, catalog: Catalog): Promise<boolean> {
  if (await hasUsers(db)) return false;
  // Hashing is slow by design; done before the transaction so the lock is held briefly.
  const hashes = await Promise.all(USERS.map(() => hashPassword(DEMO_PASSWORD)));
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(current_schema()))`.execute(trx);
    if (await hasUsers(trx)) return false;
    await insertAll(trx, catalog, hashes);
    return true;
  });
}

/** A role's `areas`: each named node, every node below it, and of their buttons all or the listed ones. */
/**
 * Buttons an area's 'all' does not include: 导出完整个人信息 (docs/security-privilege.md "Personal data") is
 * granted only by name, so a demo role holds it only when it is a full role by design (企业管理员, ALL_NODES)
 * or lists it.
 */
const EXPLICIT_ONLY: ReadonlySet<string> = new Set([EXPORT_PERSONAL_DATA]);

function areaGrants(menu: readonly MenuNode[], areas: NonNullable<RoleSeed['areas']>): string[] {
  const byId = new Map<string, MenuNode>();
  const index = (nodes: readonly MenuNode[]): void => {
    for (const n of nodes) {
      byId.set(n.id, n);
      index(n.children);
    }
  };
  index(menu);
  const out: string[] = [];
  for (const [id, actions] of Object.entries(areas)) {
    const area = byId.get(id);
    if (!area) throw new Error(`demo seed: unknown menu area ${id}`);
    const walk = (n: MenuNode): void => {
      if (!n.isButton) {
        out.push(n.id);
        n.children.forEach(walk);
      } else if ((actions === 'all' && !EXPLICIT_ONLY.has(n.path)) || (actions !== 'all' && actions.includes(n.path))) out.push(n.id);
    };
    walk(area);
  }
  return out;
}

function lookup(map: ReadonlyMap<string, number>, key: string): number {
  const id = map.get(key);
  if (id === undefined) throw new Error(`demo seed: unknown key ${key}`);
  return id;
}

async function insertAll(trx: Transaction<Database>, catalog: Catalog, hashes: readonly string[]): Promise<void> {
  const companies = new Map<string, number>();
  for (const c of COMPANIES) {
    const row = await trx
      .insertInto('companies')
      .values({ name: c.name, company_type: c.type, area_code: c.area, parent_id: c.parent ? lookup(companies, c.parent) : null })
      .returning('id')
      .executeTakeFirstOrThrow();
    companies.set(c.key, row.id);
  }

  const projects = new Map<string, number>();
  for (const p of PROJECTS) {
    const row = await trx
      .insertInto('projects')
      .values({
        project_no: p.no,
        name: p.name,
        status: p.status,
        address: p.address,
        lng: p.lng,
        lat: p.lat,
        company_id: lookup(companies, p.company),
        area_code: p.area,
        start_date: p.start,
        end_date: p.end,
        manager_name: p.manager,
        builder_unit: p.builder ?? '',
        contractor_unit: p.contractor ?? '',
        supervisor_unit: p.supervisor ?? '',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    projects.set(p.no, row.id);
    if (p.orgs?.length) {
      await trx
        .insertInto('project_orgs')
        .values(p.orgs.map((c) => ({ project_id: row.id, company_id: lookup(companies, c) })))
        .execute();
    }
  }

  const everyNode = [...catalog.menuIds];
  const roles = new Map<string, number>();
  for (const r of ROLES) {
    const row = await trx
      .insertInto('roles')
      .values({ name: r.name, company_id: r.company ? lookup(companies, r.company) : null, all_nodes: r.grants === 'ALL_NODES' })
      .returning('id')
      .executeTakeFirstOrThrow();
    roles.set(r.key, row.id);
    const listed = r.grants === '*' ? [ALL] : r.grants === 'ALL_NODES' ? everyNode : r.grants;
    const grants = [...new Set([...listed, ...(r.areas ? areaGrants(catalog.menu, r.areas) : [])])];
    const unknown = grants.filter((g) => g !== ALL && !catalog.menuIds.has(g));
    if (unknown.length > 0) throw new Error(`demo seed: role ${r.key} grants unknown menu ids ${unknown.join(', ')}`);
    await trx.insertInto('role_grants').values(grants.map((node_id) => ({ role_id: row.id, node_id }))).execute();
  }
  for (const g of ROLE_GROUPS) {
    const row = await trx
      .insertInto('role_groups')
      .values({ name: g.name, company_id: g.company ? lookup(companies, g.company) : null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('role_group_members')
      .values(g.roles.map((r) => ({ group_id: row.id, role_id: lookup(roles, r) })))
      .execute();
  }

  const users: number[] = [];
  for (const [i, u] of USERS.entries()) {
    const row = await trx
      .insertInto('users')
      .values({
        user_name: u.userName,
        password_hash: hashes[i],
        real_name: u.realName,
        mobile: u.mobile,
        email: u.email,
        user_auth_type: u.authType,
        org_data_authority_type: u.orgAuthority,
        is_system_admin: u.systemAdmin ?? false,
        auth_area_code: u.areaCode ?? '',
        audit_status: 2,
        default_company_id: lookup(companies, u.memberships[0].company),
        created_at: '2025-01-06T09:00:00+08:00',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    users.push(row.id);
    await trx
      .insertInto('memberships')
      .values(
        u.memberships.map((m) => ({
          user_id: row.id,
          company_id: lookup(companies, m.company),
          role_id: lookup(roles, m.role),
          department_name: m.department,
        })),
      )
      .execute();
    if (u.watch?.length) {
      await trx
        .insertInto('watch_companies')
        .values(u.watch.map((c) => ({ user_id: row.id, company_id: lookup(companies, c) })))
        .execute();
    }
    if (u.projects?.length) {
      await trx
        .insertInto('user_projects')
        .values(u.projects.map((p) => ({ user_id: row.id, project_id: lookup(projects, p) })))
        .execute();
    }
  }

  const notices: number[] = [];
  for (const n of NOTICES) {
    const row = await trx
      .insertInto('system_notices')
      .values({ title: n.title, content: n.content, publisher: n.publisher, published_at: n.publishedAt, company_id: n.company ? lookup(companies, n.company) : null })
      .returning('id')
      .executeTakeFirstOrThrow();
    notices.push(row.id);
  }
  const read = notices.slice(0, READ_NOTICE_COUNT);
  await trx
    .insertInto('notice_states')
    .values(users.flatMap((user_id) => read.map((notice_id) => ({ notice_id, user_id, read_at: '2025-07-10T09:00:00+08:00' }))))
    .execute();
}
