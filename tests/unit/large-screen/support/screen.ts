// Scaffolding of the screen-body tests: a jsdom made ready for the screens (no EventSource → polling,
// reduced motion → figures at once, optionally boxes with a size → charts get created), the screen's one
// call answered or refused, a body rendered with its first request settled, panels and tiles read. The
// options of the stubbed charts (echarts-stub.ts) are forgotten before each test.
import type { ReactElement } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { act, render, screen, within, type RenderResult } from '@testing-library/react';
import type { ScreenQuery } from '../../../../src/features/large-screen/menus';
import type { PanelState } from '../../../../src/features/large-screen/kit/Panel';
import { installHttpUi } from '../../../../src/lib/http/client';
import { json, queryOf, strictUi, stubFetch, type FetchCall } from '../../support/strict';
import { flush } from './scheduler';
import { resetCharts } from './echarts-stub';

export type ScreenTestOptions = {
  /** Every element's client size in px, so the kit's charts are created (they wait for a sized box). */
  box?: { width: number; height: number };
};

/** Registers the beforeEach / afterEach every screen test file needs. */
export function setUpScreenTests({ box }: ScreenTestOptions = {}): void {
  beforeEach(() => {
    resetCharts();
    vi.stubGlobal('EventSource', undefined);
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    vi.spyOn(window, 'matchMedia').mockImplementation((q) => ({ matches: q.includes('reduce'), media: q }) as MediaQueryList);
    installHttpUi(strictUi([]));
    if (box) {
      Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => box.width });
      Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => box.height });
    }
  });
  afterEach(() => {
    if (box) {
      delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
      delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
    }
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}

/** The query of a screen's address: enterprise family (sortId 1) unless told, narrowed by `pjctid1`. */
export const screenQuery = (pjctid1?: string, sortId = 1): ScreenQuery => ({
  id: undefined,
  sortId,
  enterpid1: undefined,
  poctent1: undefined,
  governmentid1: undefined,
  pjctid1,
  jobNameHome: undefined,
});

/** Renders a screen body and lets its first requests settle. */
export async function mountScreen(body: ReactElement): Promise<RenderResult> {
  const view = render(body);
  await act(flush);
  return view;
}

/** GET `path` answers `data` (status 1); any other request fails the test. Returns the calls made. */
export const answerWith = (path: string, data: unknown): FetchCall[] =>
  stubFetch([{ method: 'GET', path, reply: () => json({ status: 1, detail: '', data }) }]);

/** GET `path` is refused: status 0 with the server's Chinese `detail`. Returns the calls made. */
export const refuseWith = (path: string, detail: string): FetchCall[] =>
  stubFetch([{ method: 'GET', path, reply: () => json({ status: 0, detail, data: null }) }]);

/** The panel titled `name`. */
export const panel = (name: string): HTMLElement => screen.getByRole('region', { name });

/** The value (data-value) of the KPI tile labelled `name` inside `scope`. */
export const tileValue = (scope: HTMLElement, name: string): string | null => within(scope).getByRole('group', { name }).getAttribute('data-value');

/** Every panel named is in `state` (the Panel's data-state). */
export function expectPanelsIn(names: readonly string[], state: PanelState): void {
  for (const name of names) expect(panel(name).getAttribute('data-state'), name).toBe(state);
}

/** Every panel named shows `text` (暂无数据, the server's refusal…). */
export function expectPanelsSay(names: readonly string[], text: string): void {
  for (const name of names) expect(panel(name).textContent, name).toContain(text);
}

/**
 * Answers the screen's call with `data` and renders the screen for all its projects: one request, without
 * pjctid1, leaves every panel named ready. Returns the call made.
 */
export async function expectOneCallFills(path: string, data: unknown, renderScreen: () => Promise<unknown>, panels: readonly string[]): Promise<FetchCall> {
  const calls = answerWith(path, data);
  await renderScreen();
  expect(calls).toHaveLength(1);
  expect(queryOf(calls[0].url).get('pjctid1')).toBeNull();
  expectPanelsIn(panels, 'ready');
  return calls[0];
}

/** The server's refusal of a project outside the caller's scope. */
export const OUT_OF_SCOPE = '项目不存在或不在您的权限范围内';

/**
 * Registers the test every screen has: the screen's pjctid1 goes with its call, and the server's refusal
 * (its Chinese text) shows in every panel, each in the error state.
 */
export function itShowsRefusal(path: string, renderScreen: (pjctid1: string) => Promise<unknown>, panels: readonly string[], detail = OUT_OF_SCOPE): void {
  it('pjctid1 narrows the request; a refusal shows the server text in the panels', async () => {
    const calls = refuseWith(path, detail);
    await renderScreen('7');
    expect(queryOf(calls[0].url).get('pjctid1')).toBe('7');
    expectPanelsIn(panels, 'error');
    expectPanelsSay(panels, detail);
  });
}
