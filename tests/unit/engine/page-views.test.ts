// `page:<name>` views resolve to the generated page when the registry has the page; others stay unconfigured.
import { describe, expect, it } from 'vitest';
import { resolveView } from '../../../src/app/views';

describe('page views', () => {
  it('resolves a registered page once, lazily', () => {
    const view = resolveView('page:inspectionTemplate');
    expect(view).toBeDefined();
    expect(resolveView('page:inspectionTemplate')).toBe(view);
  });

  it('leaves unknown pages to the 该页面尚未配置 result', () => {
    expect(resolveView('page:notYet')).toBeUndefined();
  });
});
