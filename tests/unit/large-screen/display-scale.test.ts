// §9 display scaling: root font from the width (1920 design, min 1024, cap 2×), body height guard, 100 ms debounce.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { bodyFontSize, rootFontSize, useDisplayScale, widthScale } from '../../../src/features/large-screen/display-scale';

const setWindow = (width: number, height: number) => {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: height });
};

afterEach(() => {
  vi.useRealTimers();
  setWindow(1024, 768);
});

describe('scaling math', () => {
  it('1920 → 16 px, 1024 → 16 × 1024/1920, 3840 → 32 px (2×)', () => {
    expect(rootFontSize(1920)).toBe(16);
    expect(rootFontSize(1024)).toBeCloseTo((16 * 1024) / 1920, 6);
    expect(rootFontSize(3840)).toBe(32);
  });
  it('caps at 2× and never goes below the 1024 px minimum', () => {
    expect(widthScale(7680)).toBe(2);
    expect(rootFontSize(5000)).toBe(32);
    expect(rootFontSize(800)).toBe(rootFontSize(1024));
  });
  it('the body keeps the width scale at 16:9 and shrinks for 16:10 short heights and ultra-wide', () => {
    expect(bodyFontSize(1920, 1080)).toBe(16);
    expect(bodyFontSize(1920, 1200)).toBe(16);
    // 3840×1080: width says 2×, the height left under a 2× header does not.
    expect(bodyFontSize(3840, 1080)).toBeCloseTo((16 * (1080 - 88 * 2)) / (1080 - 88), 6);
    expect(bodyFontSize(3840, 1080)).toBeLessThan(16);
    // 1024×768 (4:3): the width is the limit.
    expect(bodyFontSize(1024, 768)).toBeCloseTo(rootFontSize(1024), 6);
  });
});

describe('useDisplayScale', () => {
  it('sets the root font size, re-computes 100 ms after the last resize and restores it on leaving', () => {
    vi.useFakeTimers();
    document.documentElement.style.fontSize = '14px';
    setWindow(1920, 1080);
    const { result, unmount } = renderHook(() => useDisplayScale());
    expect(document.documentElement.style.fontSize).toBe('16px');
    expect(result.current.bodyPx).toBe(16);

    setWindow(3840, 2160);
    act(() => {
      window.dispatchEvent(new Event('resize'));
      vi.advanceTimersByTime(60);
      window.dispatchEvent(new Event('resize'));
      vi.advanceTimersByTime(99);
    });
    expect(document.documentElement.style.fontSize).toBe('16px');
    act(() => vi.advanceTimersByTime(1));
    expect(document.documentElement.style.fontSize).toBe('32px');
    expect(result.current.rootPx).toBe(32);

    unmount();
    expect(document.documentElement.style.fontSize).toBe('14px');
  });
});
