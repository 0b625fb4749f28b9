// Every demo row passes the §5.5 format checks of its fields (issue 23: ID numbers checked against the
// GB/T 2260 region codes, plates with the 2022 energy letters, mobile numbers stored as 11 digits): the
// rows of schemas/seed/*.json are inserted without the write validator, so a row a person could not
// save back would otherwise go unnoticed. Also the demo users of server/seed/demo-data.ts.
import { describe, expect, it } from 'vitest';
import { FIELD_TYPES } from '../../common/field-types';
import { FORMATS, normaliseFormat, type FormatName } from '../../common/validators';
import { loadCatalog } from '../../server/platform/catalog';
import { USERS } from '../../server/seed/demo-data';

const catalog = loadCatalog();

describe('demo rows and the §5.5 formats', () => {
  it('every seeded value of a formatted field passes its check and is stored in its normalised form', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const [name, rows] of catalog.seeds) {
      const entity = catalog.entities.get(name);
      if (!entity) continue;
      for (const field of entity.fields) {
        const own = FIELD_TYPES[field.type].json.format;
        const format = (field.format ?? (typeof own === 'string' ? own : undefined)) as FormatName | undefined;
        if (!format || !(format in FORMATS)) continue;
        rows.forEach((row, i) => {
          const value = (row as Record<string, unknown>)[field.name] ?? (field.wire ? (row as Record<string, unknown>)[field.wire] : undefined);
          if (typeof value !== 'string' || value === '' || value.startsWith('$')) return;
          checked += 1;
          if (!FORMATS[format].test(value)) broken.push(`${name}[${i}].${field.name} = ${value}: ${FORMATS[format].message}`);
          else if (normaliseFormat(format, value) !== value) broken.push(`${name}[${i}].${field.name} = ${value}: not normalised`);
        });
      }
    }
    expect(broken).toEqual([]);
    // The check saw the ID numbers, mobile numbers and plates of the demo.
    expect(checked).toBeGreaterThan(500);
  });

  it('the demo users’ mobile numbers pass the mobile check as stored', () => {
    for (const user of USERS) {
      expect(FORMATS.mobile.test(user.mobile), user.userName).toBe(true);
      expect(normaliseFormat('mobile', user.mobile)).toBe(user.mobile);
    }
  });
});
