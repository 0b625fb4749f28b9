// Locators of a generated (engine) page as a user finds them: its list rows, a row by its text, a row's
// workflow state, a dialog by its title and a form item by its label.
import type { Locator, Page } from 'playwright-core';

export const rows = (page: Page) => page.locator('.engine-page .ant-table-tbody .ant-table-row');
export const rowOf = (page: Page, text: string) => rows(page).filter({ hasText: text });
export const stateOf = (row: Locator) => row.locator('.engine-state-tag').first().innerText();
export const dialogTitled = (page: Page, title: string) =>
  page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: new RegExp(`^${title}$`) }) });
export const itemOf = (dialog: Locator, label: string) =>
  dialog.locator('.ant-formily-item').filter({ has: dialog.page().locator('.ant-formily-item-label', { hasText: new RegExp(`^\\s*\\*?\\s*${label}\\s*[:：]?\\s*$`) }) }).first();
