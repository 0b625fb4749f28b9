// Stand-in for kit/charts/echarts in the screen tests (jsdom draws no canvas): every chart keeps the options
// it is given under its accessible label, so a test reads what a panel would draw. In a test file:
//   vi.mock('../../../src/features/large-screen/kit/charts/echarts', () => import('./support/echarts-stub'));
type Option = Record<string, unknown>;
export type SeriesOption = { name: string; data: unknown[]; stack?: string };

const latest = new Map<string, Option>();
const history: Option[] = [];

export const createChart = (el: HTMLElement) => ({
  setOption: (option: Option) => {
    latest.set(el.getAttribute('aria-label') ?? '', option);
    history.push(option);
  },
  resize: () => {},
  isDisposed: () => false,
});
export const disposeChart = (): void => {};
export const liveChartCount = (): number => 0;

/** The option last set on the chart labelled `label`. */
export const optionOf = (label: string): Option | undefined => latest.get(label);

/** The series of the chart labelled `label` ([] when it drew nothing). */
export const seriesOf = (label: string): SeriesOption[] => (latest.get(label)?.series ?? []) as SeriesOption[];

/** Every option set since the last reset, as JSON text, oldest first. */
export const optionsSetAsJson = (): string[] => history.map((o) => JSON.stringify(o));

/** Forgets every option (call it before each test). */
export function resetCharts(): void {
  latest.clear();
  history.length = 0;
}
