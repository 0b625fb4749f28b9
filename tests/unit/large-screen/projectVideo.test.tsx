// 项目数据大屏 › 视频监控 (§2.4 /LargeScreen/ProjectScreen/video) over a stubbed VideoMonitor call: one project
// (pjctid1's, else the first with cameras), its figures and camera list, the wall of 1/4/9/16 with pages, a
// camera opened alone until 返回多画面.
import { describe, expect, it } from 'vitest';
import { fireEvent, within } from '@testing-library/react';
import { queryOf } from '../support/strict';
import { VIDEO_URL_PATH, videoAnswer } from './support/video-answer';
import { answerWith, expectPanelsIn, mountScreen, panel, screenQuery, setUpScreenTests } from './support/screen';

const { ProjectVideoScreen, projectOf } = await import('../../../src/features/large-screen/screens/project/video/ProjectVideoScreen');

const PANELS = ['摄像头概况', '摄像头列表', '监控画面'];
const wall = () => within(panel('监控画面')).getByRole('list', { name: '监控画面' });
const tiles = () => within(wall()).getAllByRole('listitem');

setUpScreenTests();

const renderScreen = (pjctid1?: string) => mountScreen(<ProjectVideoScreen path="/LargeScreen/ProjectScreen/video" query={screenQuery(pjctid1, 21)} />);

describe('项目视频监控 screen', () => {
  it('shows the project of pjctid1: figures, its cameras, a 4-tile wall that splits and pages', async () => {
    const calls = answerWith(VIDEO_URL_PATH, videoAnswer());
    await renderScreen('1');
    expect(queryOf(calls[0].url).get('pjctid1')).toBe('1');
    expectPanelsIn(PANELS, 'ready');
    expect(['摄像头', '在线', '离线'].map((n) => within(panel('摄像头概况')).getByRole('group', { name: n }).getAttribute('data-value'))).toEqual(['6', '5', '1']);
    const list = within(panel('摄像头列表')).getAllByRole('button').map((b) => b.textContent);
    expect(list).toHaveLength(6);
    expect(list[0]).toBe('1#视频监控（大门口）在线');
    expect(list[5]).toBe('6#视频监控（6号塔吊）离线');
    expect(tiles()).toHaveLength(4);
    expect(within(wall()).getAllByRole('button')[0].getAttribute('aria-label')).toBe('1#视频监控（大门口）（在线）');
    const pager = within(panel('监控画面')).getByRole('navigation', { name: '画面翻页' });
    expect(pager.textContent).toContain('1 / 2');
    fireEvent.click(within(pager).getByRole('button', { name: '下一页' }));
    expect(within(wall()).getAllByText('无信号')).toHaveLength(2);
    for (const [split, n] of [['1分屏', 1], ['9分屏', 9], ['16分屏', 16]] as const) {
      fireEvent.click(within(panel('监控画面')).getByRole('radio', { name: split }));
      expect(tiles()).toHaveLength(n);
    }
    expect(within(wall()).getAllByText('无信号')).toHaveLength(10);
  });

  it('a camera of the list opens alone until 返回多画面', async () => {
    answerWith(VIDEO_URL_PATH, videoAnswer());
    await renderScreen('1');
    fireEvent.click(within(panel('摄像头列表')).getByRole('button', { name: /3#视频监控/ }));
    expect(tiles()).toHaveLength(1);
    expect(within(wall()).getByRole('group').getAttribute('aria-label')).toBe('3#视频监控（3号塔吊）（在线）');
    fireEvent.click(within(panel('监控画面')).getByRole('button', { name: '返回多画面' }));
    expect(tiles()).toHaveLength(4);
  });

  it('without pjctid1 takes the first project with cameras', () => {
    const projects = videoAnswer().projects;
    expect(projectOf(projects, undefined)?.projectId).toBe('1');
    expect(projectOf(projects, '3')?.projectId).toBe('3');
    expect(projectOf([{ ...projects[3] }, projects[1]], undefined)?.projectId).toBe('2');
  });
});
