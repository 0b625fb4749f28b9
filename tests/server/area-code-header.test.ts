// §7.1 district-code header (docs/console-shell.md): the client sends AuthAreaCode as `areacode`; the
// server scopes by the session's own area, so a header naming a wider or another area changes nothing.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREA_CODE_HEADER } from '../../common/constants';
import type { SupervisoryOverview } from '../../common/screens/supervisory';
import type { ProjectListItem } from '../../common/wire';
import { call, PATHS, session, startApp } from './helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app.close();
});

async function projectsWith(userName: string, areaCode?: string): Promise<string[]> {
  const { token, result } = await session(app, userName);
  const reply = await call<ProjectListItem[]>(app, 'GET', PATHS.projectList, {
    token,
    query: { user_id: result.UserID, index: 0, size: 500 },
    headers: areaCode === undefined ? {} : { [AREA_CODE_HEADER]: areaCode },
  });
  expect(reply.body.status).toBe(1);
  return reply.body.data!.map((p) => p.projectPosInfo.projectName).sort();
}

describe('areacode header never widens nor moves the scope', () => {
  it('a supervisor of 511000 sees the projects of the own area whatever the header names', async () => {
    const own = await projectsWith('jianguan01');
    expect(own.length).toBeGreaterThan(0);
    expect(await projectsWith('jianguan01', '511000')).toEqual(own);
    expect(await projectsWith('jianguan01', '51')).toEqual(own); // all of Sichuan: wider
    expect(await projectsWith('jianguan01', '')).toEqual(own); // no area: would be everything
    expect(await projectsWith('jianguan01', '510100')).toEqual(own); // 成都: another area
  });

  it('an enterprise user sending an area gets no government scope from it', async () => {
    const own = await projectsWith('qiye01');
    expect(await projectsWith('qiye01', '511000')).toEqual(own);
  });

  it('the supervisory screen counts the same projects with any header', async () => {
    const { token } = await session(app, 'jianguan01');
    const read = async (areaCode?: string) => {
      const reply = await call(app, 'GET', '/prod-api/api/TyScreen/SupervisoryOverview', {
        token,
        headers: areaCode === undefined ? {} : { [AREA_CODE_HEADER]: areaCode },
      });
      expect(reply.body.status).toBe(1);
      const d = reply.body.data as SupervisoryOverview;
      return JSON.stringify([d.projects, d.byDistrict, d.markers.map((m) => m.id)]);
    };
    const own = await read();
    expect(await read('51')).toBe(own);
    expect(await read('510100')).toBe(own);
  });
});
