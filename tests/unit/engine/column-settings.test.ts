// Column settings apply by key: order, visibility and width survive schema edits that keep the key.
import { describe, expect, it } from 'vitest';
import type { ListColumn } from '../../../common/metadata';
import { applyColumnSettings, settingsOf } from '../../../src/engine/page/column-settings';

const columns: ListColumn[] = [{ field: 'deviceType', width: 160 }, { field: 'contentName', width: 260 }, { field: 'description' }];

describe('column settings', () => {
  it('no settings: the schema order, all visible', () => {
    expect(applyColumnSettings(columns, []).map((c) => [c.field, c.visible])).toEqual([['deviceType', true], ['contentName', true], ['description', true]]);
  });

  it('applies order, visibility and width by key and ignores keys that no longer exist', () => {
    const s = applyColumnSettings(columns, [
      { key: 'description', visible: true, order: 0, width: 300 },
      { key: 'deviceType', visible: false, order: 1 },
      { key: 'removedColumn', visible: true, order: 2 },
      { key: 'contentName', visible: true, order: 3 },
    ]);
    expect(s.map((c) => c.field)).toEqual(['description', 'deviceType', 'contentName']);
    expect(s[0].width).toBe(300);
    expect(s[1].visible).toBe(false);
    expect(s[2].width).toBe(260);
  });

  it('a new schema column keeps its schema position among saved ones', () => {
    const s = applyColumnSettings([...columns, { field: 'projectName' }], settingsOf(applyColumnSettings(columns, [])));
    expect(s.map((c) => c.field)).toEqual(['deviceType', 'contentName', 'description', 'projectName']);
  });
});
