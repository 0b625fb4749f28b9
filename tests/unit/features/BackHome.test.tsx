import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ProjectListItem } from '../../../common/wire';
import { BackHome } from '../../../src/features/home/BackHome';
import { sessionStore } from '../../../src/lib/session/store';
import { renderFeature } from './renderFeature';
import { ok, stubFetch } from './fetchStub';

const PROJECTS = '/prod-api/api/Project/WhereProjectList';
const DICT = '/prod-api/api/SysDictionary/GetListByType';
const NOTICES = '/prod-api/api/SysNotice/GetSysNoticeList';

const project = (id: string, name: string, status: number): ProjectListItem => ({
  projectPosInfo: { id, projectName: name, projectNo: `XM-${id}` },
  status,
  address: `自贡市${name}路`,
  lng: 105.06,
  lat: 29.58,
  companyId: 'c1',
  areaCode: '510300',
});

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('userInfo', JSON.stringify({ UserID: 'u1', UserName: 'qiye01', CompanyName: '蜀南建设集团' }));
  sessionStore.reload();
});
afterEach(() => vi.unstubAllGlobals());

function stubHome() {
  return stubFetch({
    [`GET ${PROJECTS}`]: () => ok([project('p1', '滨江花园', 3), project('p2', '东城学校', 3), project('p3', '南湖大桥', 4), project('p4', '西山隧道', 1)]),
    [`GET ${DICT}`]: () =>
      ok([
        { xuHao: '1', selContent: '筹备' },
        { xuHao: '2', selContent: '立项' },
        { xuHao: '3', selContent: '在建' },
        { xuHao: '4', selContent: '竣工' },
        { xuHao: '5', selContent: '停工' },
      ]),
    [`GET ${NOTICES}`]: (c) =>
      c.query.get('sysNoticeIsRead') === '0'
        ? ok([{ id: 'n1', title: '安全检查通知', content: '', publisher: '管理员', publishTime: '2024-05-01 09:00:00', isRead: 0 }])
        : ok([
            { id: 'n1', title: '安全检查通知', content: '', publisher: '管理员', publishTime: '2024-05-01 09:00:00', isRead: 0 },
            { id: 'n2', title: '节日放假安排', content: '', publisher: '办公室', publishTime: '2024-04-28 10:00:00', isRead: 1 },
          ]),
  });
}

describe('BackHome', () => {
  it('welcomes the user and computes every figure from the API', async () => {
    const { callsTo } = stubHome();
    renderFeature(<BackHome />, { path: '/backHome' });
    expect(screen.getByText(/qiye01/)).toBeTruthy();
    expect(screen.getByText(/蜀南建设集团/)).toBeTruthy();

    const total = (await screen.findByText('项目总数')).closest('.ant-card')! as HTMLElement;
    expect(await within(total).findByText('4')).toBeTruthy();
    const building = (await screen.findByText('在建项目')).closest('.ant-card')! as HTMLElement;
    expect(within(building).getByText('2')).toBeTruthy();
    const unread = screen.getByText('未读通知').closest('.ant-card')! as HTMLElement;
    expect(await within(unread).findByText('1')).toBeTruthy();

    const q = callsTo('GET', PROJECTS)[0].query;
    expect([q.get('user_id'), q.get('index'), q.get('size')]).toEqual(['u1', '0', '500']);
    expect(callsTo('GET', DICT)[0].query.get('type')).toBe('projectStatus');
  });

  it('lists projects with number, status tag and address, and the recent notices', async () => {
    stubHome();
    renderFeature(<BackHome />, { path: '/backHome' });
    const row = (await screen.findByText('南湖大桥')).closest('tr')!;
    expect(within(row).getByText('XM-p3')).toBeTruthy();
    expect(within(row).getByText('竣工')).toBeTruthy();
    expect(within(row).getByText('自贡市南湖大桥路')).toBeTruthy();
    expect(await screen.findByText('节日放假安排')).toBeTruthy();
    expect(screen.getByRole('link', { name: '查看全部' }).getAttribute('href')).toBe('/MessageNotification/MessageNotifications');
  });

  it('accepts sortId, enterpid1 and pjctid1 and marks the linked project', async () => {
    stubHome();
    renderFeature(<BackHome />, { path: '/backHome', url: '/backHome?sortId=21&enterpid1=c1&pjctid1=p3' });
    const row = (await screen.findByText('南湖大桥')).closest('tr')!;
    expect(within(row).getByText('当前项目')).toBeTruthy();
  });
});
