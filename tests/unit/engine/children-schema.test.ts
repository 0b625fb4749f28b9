// The schema checks of child collections and batches (docs/metadata.md "Master–detail", "Batch actions"),
// on the product's own schemas with one mistake each, reported at its file and JSON pointer.
import { describe, expect, it } from 'vitest';
import { checkSchemas } from '../../../common/metadata/check';
import type { EntitySchema, PageSchema } from '../../../common/metadata';
import { formatProblem } from '../../../common/metadata/problems';
import { readSchemas } from '../../../codegen/read-schemas';

const SESSION = 'schemas/entities/training-session.json';
const WORKER = 'schemas/entities/worker.json';
const SESSION_PAGE = 'schemas/pages/training-session.json';

function problemsOf(edit: (json: (file: string) => Record<string, unknown>) => void): string[] {
  const { sources } = readSchemas();
  const copy = structuredClone(sources);
  const all = [...copy.entities, ...copy.pages];
  edit((file) => all.find((f) => f.file.endsWith(file.replace(/^schemas\//, '')))!.json as Record<string, unknown>);
  return checkSchemas(copy).problems.map(formatProblem);
}
const children = (j: Record<string, unknown>) => (j as unknown as EntitySchema).children![0];

describe('children and batch declarations', () => {
  it('the product schemas pass', () => {
    expect(problemsOf(() => {})).toEqual([]);
  });

  it('names a parentField that points at the parent, an integer orderField and fields of both to inherit', () => {
    expect(problemsOf((f) => (children(f(SESSION)).parentField = 'workerName'))).toEqual([
      `${SESSION}: /children/0/parentField: field TrainingAttendee.workerName does not name a row of TrainingSession ({ entity, valueField: <its id> } dictionary)`,
    ]);
    expect(problemsOf((f) => (children(f(SESSION)).orderField = 'workerName'))).toEqual([`${SESSION}: /children/0/orderField: orderField must be a stored integer field of TrainingAttendee`]);
    expect(problemsOf((f) => (children(f(SESSION)).inherit = ['trainer']))).toEqual([`${SESSION}: /children/0/inherit/0: "trainer" must be a field of both TrainingSession and TrainingAttendee`]);
  });

  it('refuses "refuse" over a parentField that cascades, and minItems above maxItems', () => {
    expect(problemsOf((f) => (children(f(SESSION)).onDelete = 'refuse'))).toEqual([`${SESSION}: /children/0/onDelete: field TrainingAttendee.sessionId declares onDelete "cascade"`]);
    expect(problemsOf((f) => Object.assign(children(f(SESSION)), { minItems: 5, maxItems: 2 }))).toEqual([`${SESSION}: /children/0/minItems: minItems is more than maxItems`]);
  });

  it('checks the page child tables and batch buttons against the entity', () => {
    expect(problemsOf((f) => ((f(SESSION_PAGE) as unknown as PageSchema).form!.children![0].columns = ['nothing']))).toEqual([
      `${SESSION_PAGE}: /form/children/0/columns/0: entity TrainingAttendee has no field "nothing"`,
    ]);
    expect(problemsOf((f) => delete (f(WORKER) as unknown as EntitySchema).batch)).toEqual([
      'schemas/pages/worker.json: /list/batchActions/0/action: batch delete needs the entity\'s "batch.delete" (entity Worker)',
      'schemas/pages/worker.json: /list/batchActions/1/action: batch update needs the entity\'s "batch.update" (entity Worker)',
    ]);
    expect(problemsOf((f) => ((f(WORKER) as unknown as EntitySchema).batch!.update!.fields = ['id']))).toEqual([
      `${WORKER}: /batch/update/fields/0: field "id" is not written by the client (readOnly or the id)`,
    ]);
  });
});
