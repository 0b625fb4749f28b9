// The shapes the equipment record viewer (§2.8) reads: a routine-inspection device, a template with its
// four question lists (§3.3, each JSON text on the wire), and the device type's 模板布局.

/** One answer option of a question (§3.3 answer[{id, name, value, childList}]). */
export type AnswerOption = { id?: string; name: string; value?: string; childList?: unknown[] };
export type Question = { question: string; answer: AnswerOption[] };
/** A group of questions (§3.3 typeName, serNum, content). */
export type QuestionGroup = { typeName: string; serNum?: string; content: Question[] };

/** A RoutInspManage row (schemas/entities/rout-insp-manage.json), as the generic list answers it. */
export type InspectionDevice = {
  id: string;
  deviceNo: string;
  deviceName: string;
  deviceType: string;
  specModel?: string | null;
  manufacturer?: string | null;
  factoryNo?: string | null;
  entryDate?: string | null;
  recordNo?: string | null;
  principal?: string | null;
  principalPhone?: string | null;
};

/** An InspectionTemplate row (schemas/entities/inspection-template.json); the lists are JSON text (§3.3). */
export type InspectionTemplate = {
  id: string;
  deviceType: string;
  contentName?: string | null;
  description?: string | null;
  projectName?: string | null;
  otherList?: unknown;
  machineryList?: unknown;
  repairList?: unknown;
  maintainList?: unknown;
};

/** 模板布局 codes of schemas/dictionaries/deviceTemplateLayout.json. */
export const LAYOUTS = [
  'distributionCabinet',
  'crane',
  'machinery',
  'excavator',
  'mixingPlant',
  'walkingEquipment',
  'wireRope',
  'gantryCrane',
] as const;
export type Layout = (typeof LAYOUTS)[number];
export const isLayout = (v: unknown): v is Layout => typeof v === 'string' && (LAYOUTS as readonly string[]).includes(v);

/** The four panels of §2.8, in order, with the template field each reads. */
export const PANELS = [
  { key: 'otherList', title: '巡检模板' },
  { key: 'machineryList', title: '运行模板' },
  { key: 'repairList', title: '维修模板' },
  { key: 'maintainList', title: '保养模板' },
] as const;
export type PanelKey = (typeof PANELS)[number]['key'];

/** Default answers of the checklist table when a question names none (§2.8). */
export const DEFAULT_CHECK_ANSWERS: AnswerOption[] = [
  { id: '1', name: '合格', value: '1' },
  { id: '2', name: '不合格', value: '2' },
  { id: '3', name: '不适用', value: '3' },
];

const asText = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

function toAnswer(v: unknown): AnswerOption | null {
  if (!v || typeof v !== 'object') return null;
  const o = v as Record<string, unknown>;
  const name = asText(o.name);
  if (!name) return null;
  return { id: asText(o.id) || undefined, name, value: asText(o.value) || undefined, childList: Array.isArray(o.childList) ? o.childList : [] };
}

function toQuestion(v: unknown): Question | null {
  if (!v || typeof v !== 'object') return null;
  const o = v as Record<string, unknown>;
  const question = asText(o.question);
  if (!question) return null;
  const answer = Array.isArray(o.answer) ? o.answer.map(toAnswer).filter((a): a is AnswerOption => a !== null) : [];
  return { question, answer };
}

/**
 * A question list as stored (§3.3: JSON text; an array is accepted too). Malformed text or entries are
 * dropped rather than thrown, so one bad template cannot blank the whole viewer.
 */
export function parseQuestionGroups(raw: unknown): QuestionGroup[] {
  let value = raw;
  if (typeof raw === 'string') {
    if (!raw.trim()) return [];
    try {
      value = JSON.parse(raw);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(value)) return [];
  return value.flatMap((g): QuestionGroup[] => {
    if (!g || typeof g !== 'object') return [];
    const o = g as Record<string, unknown>;
    const content = Array.isArray(o.content) ? o.content.map(toQuestion).filter((q): q is Question => q !== null) : [];
    const typeName = asText(o.typeName);
    if (!typeName && content.length === 0) return [];
    return [{ typeName: typeName || '未分类', serNum: asText(o.serNum) || undefined, content }];
  });
}

/** Number of questions in a list, for the panel header. */
export const questionCount = (groups: readonly QuestionGroup[]): number => groups.reduce((n, g) => n + g.content.length, 0);
