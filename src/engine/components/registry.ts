// Every component a page schema may name, registered once (formily: components by string). Names of
// common/field-types.ts FIELD_TYPES.component and DICTIONARY_COMPONENT must all be here (a unit test checks).
import {
  ArrayCards,
  ArrayItems,
  ArrayTable,
  FormGrid,
  FormItem,
  FormLayout,
  Input,
  NumberPicker,
  Select,
  Space,
  Switch,
} from '@formily/antd-v5';
import { CompanyCascader } from './CompanyCascader';
import { DatePicker, DateRange } from './DatePicker';
import { DetailValue } from './DetailValue';
import { DictSelect } from './DictSelect';
import { FileUpload } from './FileUpload';
import { namedByTitle } from './field-name';
import { ImageUpload } from './ImageUpload';
import { JsonEditor } from './JsonEditor';
import { QuestionGroups } from './QuestionGroups';
import { PermissionTree } from './PermissionTree';
import { ProjectSelect } from './ProjectSelect';
import { TemplateAnswers } from './TemplateAnswers';

export const ENGINE_COMPONENTS = {
  FormItem,
  FormGrid,
  FormLayout,
  Space,
  Input: namedByTitle(Input),
  NumberPicker: namedByTitle(NumberPicker),
  Select: namedByTitle(Select),
  Switch: namedByTitle(Switch),
  ArrayCards,
  ArrayItems,
  ArrayTable,
  DictSelect: namedByTitle(DictSelect),
  ProjectSelect: namedByTitle(ProjectSelect),
  CompanyCascader: namedByTitle(CompanyCascader),
  DatePicker: namedByTitle(DatePicker),
  DateRange,
  DetailValue,
  ImageUpload,
  FileUpload,
  JsonEditor,
  QuestionGroups,
  PermissionTree,
  TemplateAnswers,
};

export type EngineComponentName = keyof typeof ENGINE_COMPONENTS;

/** True when `name` (possibly `Parent.Child`) resolves in the registry. */
export function isRegistered(name: string): boolean {
  const [head, ...rest] = name.split('.');
  let cur: unknown = (ENGINE_COMPONENTS as Record<string, unknown>)[head];
  for (const part of rest) cur = cur ? (cur as Record<string, unknown>)[part] : undefined;
  return cur !== undefined;
}
