// 项目人员管理 (§2.4 /LargeScreen/ProjectScreen/personnelNew, header /ProjectScreen/personnel) over a stubbed
// server: one request fills every panel — trades, ages, origin, key figures, the 7-day trend, gate passes,
// teams, expiring certificates and blacklist hits; none of either is data; pjctid1 and refusal as every screen.
import { describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import type { ProjectPersonnel } from '../../../common/screens/project-personnel';
import { daysLeftText } from '../../../src/features/large-screen/shared/personnel/CertificatesPanel';
import { sessionStore } from '../../../src/lib/session/store';
import { json, queryOf, stubFetch } from '../support/strict';
import { flush } from './support/scheduler';
import { seriesOf } from './support/echarts-stub';
import { answerWith, expectOneCallFills, itShowsRefusal, mountScreen, panel, screenQuery, setUpScreenTests, tileValue } from './support/screen';

vi.mock('../../../src/features/large-screen/kit/charts/echarts', () => import('./support/echarts-stub'));

const { ProjectPersonnelScreen } = await import('../../../src/features/large-screen/screens/project/personnel/ProjectPersonnelScreen');

const URL_PATH = '/prod-api/api/TyScreen/ProjectPersonnel';
const PANELS = ['工种分布', '年龄结构', '籍贯分布', '近7日出勤趋势', '最近通行', '班组出勤', '证书到期预警', '黑名单预警'];

const answer = (): ProjectPersonnel => ({
  updatedAt: '2026-11-28T04:00:00.000Z',
  project: { id: '1', name: '甜城湖片区棚户区改造项目' },
  summary: { roster: 59, registered: 53, attended: 48, onSite: 40, attendanceRate: 81.4, registrationRate: 89.8, units: 3, teams: 6 },
  byJobType: [
    { code: '01', name: '钢筋工', roster: 14, attended: 12, onSite: 10 },
    { code: '02', name: '木工', roster: 12, attended: 10, onSite: 9 },
  ],
  byPersonType: [{ code: '1020', name: '建筑工人', count: 59 }],
  byTeam: [
    { name: '钢筋一班', roster: 8, attended: 7, onSite: 6 },
    { name: '木工二班', roster: 7, attended: 5, onSite: 5 },
  ],
  byUnit: [{ name: '四川鑫川建筑劳务有限公司', roster: 40, attended: 33, onSite: 28 }],
  trend: Array.from({ length: 7 }, (_, i) => ({ date: `2026-11-${22 + i}`, attended: 40 + i, personHours: 320 + i * 8 })),
  gender: [{ code: '1', name: '男', count: 59 }],
  age: [
    { code: '25', name: '25岁及以下', count: 5 },
    { code: '35', name: '26-35岁', count: 20 },
    { code: '45', name: '36-45岁', count: 20 },
    { code: '55', name: '46-55岁', count: 10 },
    { code: '56', name: '56岁及以上', count: 4 },
  ],
  origin: [
    { code: '5110', name: '内江市', count: 41 },
    { code: '5103', name: '自贡市', count: 9 },
    { code: '50', name: '重庆市', count: 6 },
    { code: '', name: '未知', count: 3 },
  ],
  certificates: [
    { id: '3', projectId: '1', projectName: '甜城湖片区棚户区改造项目', holderName: '刘德华', kind: '2', kindName: '起重信号司索工', certificateNo: 'T51102020000002', expiryDate: '2026-12-18', daysLeft: 20 },
    { id: '4', projectId: '1', projectName: '甜城湖片区棚户区改造项目', holderName: '张建国', kind: '1', kindName: '塔式起重机司机', certificateNo: 'T51102019000001', expiryDate: '2026-11-25', daysLeft: -3 },
  ],
  certificateDays: 30,
  blacklist: [
    { workerId: '12', workerName: '陈某某', teamName: '木工二班', unitName: '四川鑫川建筑劳务有限公司', subjectType: '2', subjectTypeName: '个人', reason: '恶意讨薪纠纷', authority: '内江市人力资源和社会保障局', listedDate: '2026-11-01' },
  ],
  passages: [
    { id: 'i91', time: '2026-11-28T00:05:00.000Z', workerName: '谢磊', teamName: '钢筋一班', direction: '1', directionName: '进场', gateName: '1号门进场闸机' },
    { id: 'o90', time: '2026-11-27T10:40:00.000Z', workerName: '何平', teamName: '木工二班', direction: '2', directionName: '出场', gateName: '2号门进场闸机' },
  ],
  passagesToday: 37,
});

const realRows = (name: string) => within(panel(name)).getAllByRole('row').filter((r) => !r.getAttribute('aria-hidden'));

setUpScreenTests({ box: { width: 400, height: 240 } });

const renderScreen = (pjctid1?: string) =>
  mountScreen(<ProjectPersonnelScreen path="/LargeScreen/ProjectScreen/personnelNew" query={screenQuery(pjctid1, 21)} />);

describe('项目人员管理', () => {
  it('one request fills every panel', async () => {
    await expectOneCallFills(URL_PATH, answer(), renderScreen, PANELS);
    const strip = screen.getByRole('group', { name: '人员指标' });
    expect(tileValue(strip, '在册人数')).toBe('59');
    expect(tileValue(strip, '当前在场')).toBe('40');
    expect(tileValue(strip, '今日通行')).toBe('37');
    expect(tileValue(strip, '人员预警')).toBe('3');
    // 籍贯: the places and the local share.
    expect(seriesOf('人员籍贯分布')[0].data).toEqual([41, 9, 6, 3]);
    expect(panel('籍贯分布').textContent).toContain('本地 69.5%');
    expect(seriesOf('近7日出勤人数与工时')[0].data).toEqual([40, 41, 42, 43, 44, 45, 46]);
    // Gate passes with direction and gate.
    const passes = realRows('最近通行');
    expect(passes[1].textContent).toContain('谢磊');
    expect(passes[1].textContent).toContain('进场');
    expect(passes[2].textContent).toContain('2号门进场闸机');
    expect(panel('最近通行').textContent).toContain('今日 37 次');
    // Certificates: days left in words, expired ones counted.
    expect(panel('证书到期预警').textContent).toContain('20天后到期');
    expect(panel('证书到期预警').textContent).toContain('已过期3天');
    expect(panel('证书到期预警').textContent).toContain('已过期 1 / 共 2 本');
    expect(realRows('黑名单预警')[1].textContent).toContain('陈某某');
    expect(panel('黑名单预警').textContent).toContain('命中 1 人');
    expect(realRows('班组出勤')[1].textContent).toContain('钢筋一班');
  });

  it('no expiring certificate and no blacklist hit are answers, not gaps', async () => {
    answerWith(URL_PATH, { ...answer(), certificates: [], blacklist: [] });
    await renderScreen();
    expect(panel('证书到期预警').getAttribute('data-state')).toBe('ready');
    expect(panel('证书到期预警').textContent).toContain('30天内无到期证书');
    expect(panel('黑名单预警').textContent).toContain('未发现黑名单人员');
    expect(tileValue(screen.getByRole('group', { name: '人员指标' }), '人员预警')).toBe('0');
  });

  it('follows the header’s project; while its default (the same project) loads again, the wall keeps its answer', async () => {
    let release: () => void = () => undefined;
    const calls = stubFetch([
      {
        method: 'GET',
        path: URL_PATH,
        reply: (call) =>
          queryOf(call.url).get('pjctid1') === null
            ? json({ status: 1, detail: '', data: answer() })
            : new Promise((done) => (release = () => done(json({ status: 1, detail: '', data: { ...answer(), passagesToday: 38 } })))),
      },
    ]);
    sessionStore.set({ project: null });
    await renderScreen();
    expect(tileValue(screen.getByRole('group', { name: '人员指标' }), '今日通行')).toBe('37');
    // The selector picks its default, the project the server showed: asked for by id, nothing flashes 加载中.
    await act(async () => {
      sessionStore.set({ project: { id: '1', no: 'NJJG-2024-001', name: '甜城湖片区棚户区改造项目' } });
      await flush();
    });
    expect(queryOf(calls.at(-1)!.url).get('pjctid1')).toBe('1');
    expect(panel('最近通行').getAttribute('data-state')).toBe('ready');
    await act(async () => {
      release();
      await flush();
    });
    expect(tileValue(screen.getByRole('group', { name: '人员指标' }), '今日通行')).toBe('38');
    // Another project's answer is never kept.
    await act(async () => {
      sessionStore.set({ project: { id: '2', no: 'NJJG-2024-002', name: '沱江二桥加固工程' } });
      await flush();
    });
    expect(panel('最近通行').getAttribute('data-state')).toBe('loading');
    sessionStore.set({ project: null });
  });

  it('says days left in words', () => {
    expect([daysLeftText(-2), daysLeftText(0), daysLeftText(5)]).toEqual(['已过期2天', '今天到期', '5天后到期']);
  });

  itShowsRefusal(URL_PATH, renderScreen, PANELS);
});
