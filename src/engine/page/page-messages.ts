// Default texts of a generated page; a page schema's `messages` override them (§5.1 for the template).
import type { PageMessages } from '../../../common/metadata';

export const DEFAULT_MESSAGES: Required<PageMessages> = {
  addSuccess: '提交成功',
  addFailure: '新增失败',
  editSuccess: '修改成功',
  editFailure: '修改失败',
  deleteTitle: '提示',
  /** `{name}`: the record's name (the text of the page's first column). */
  deleteConfirm: '确定删除"{name}"吗？',
  deleteSuccess: '删除成功!',
  deleteCancel: '已取消删除',
  auditTitle: '审核',
  auditConfirm: '请选择审核结果',
  auditSuccess: '审核成功',
  auditFailure: '审核失败',
};

export const pageMessages = (m: PageMessages | undefined): Required<PageMessages> => ({ ...DEFAULT_MESSAGES, ...m });

export const TOOLBAR_LABELS = { add: '新增', export: '导出', inport: '导入' } as const;
/** `workflow` stands for the row's transitions, each labelled by its own `label`. */
export const ROW_ACTION_LABELS = { view: '查看', edit: '编辑', audit: '审核', workflow: '流转', delete: '删除' } as const;
