// §3.3 inspection template: the stored record carries projectName and CompanyName, which the save
// payload may send but which the server sets itself: the project's name (the project must be in the
// caller's scope, §5.1 message 请选择项目名称) and the session's company name.
import { scopeOf } from '../auth/session-context';
import { companyById } from '../platform/companies';
import { parseId } from '../platform/ids';
import { projectInScope } from '../platform/projects';
import { FieldRefusal } from '../engine/errors';
import { ruleMessage } from '../engine/messages';
import type { EntityHooks } from '../engine/hook-types';

export const inspectionTemplateHooks: EntityHooks = {
  async beforeWrite(row, { db, session, model }) {
    const field = model.byName.get('projectId');
    if (!field) throw new Error(`hook inspection-template: entity ${model.entity.name} has no projectId field`);
    const id = parseId(row.projectId as string | null);
    const project = id === null ? null : await projectInScope(db, scopeOf(session), id);
    if (!project) throw new FieldRefusal(ruleMessage(field, 'required'), field.name);
    const company = await companyById(db, session.companyId);
    return { ...row, projectName: project.name, companyName: company?.name ?? '' };
  },
};
