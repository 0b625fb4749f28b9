// Locators of a generated (engine) page as a user finds them: its list rows, a row by its text, a row's
// workflow state, a dialog by its title and a form item by its label; and what a user does in them: type into
// a field, pick an option, confirm, move a row through a workflow transition.
import type { Locator, Page } from 'playwright-core';

export const rows = (page: Page) => page.locator('.engine-page .ant-table-tbody .ant-table-row');
export const rowOf = (page: Page, text: string) => rows(page).filter({ hasText: text });
export const stateOf = (row: Locator) => row.locator('.engine-state-tag').first().innerText();
export const dialogTitled = (page: Page, title: string) =>
  page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: new RegExp(`^${title}$`) }) });
export const itemOf = (dialog: Locator, label: string) =>
  dialog.locator('.ant-formily-item').filter({ has: dialog.page().locator('.ant-formily-item-label', { hasText: new RegExp(`^\\s*\\*?\\s*${label}\\s*[:：]?\\s*$`) }) }).first();

/** Confirms a dialog (确 定). */
export const confirm = (dialog: Locator) => dialog.getByRole('button', { name: /确\s*定/ }).click();

/** Types into the input or text area of a form item. */
export async function fill(dialog: Locator, label: string, text: string): Promise<void> {
  await itemOf(dialog, label).locator('input, textarea').first().fill(text);
}

/** Picks an option of a form item's select. */
export async function choose(page: Page, dialog: Locator, label: string, text: string): Promise<void> {
  await itemOf(dialog, label).locator('.ant-select').click();
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
  await dropdown.locator('.ant-select-item-option', { hasText: text }).first().click();
  await dropdown.waitFor({ state: 'hidden' });
}

/** A workflow button of a row, its dialog filled and confirmed. */
export async function move(page: Page, row: Locator, label: string, fields: (dialog: Locator) => Promise<void>): Promise<void> {
  await row.locator('[data-transition]').filter({ hasText: new RegExp(`^${label.split('').join('\\s*')}$`) }).click();
  const dialog = dialogTitled(page, label);
  await dialog.waitFor();
  await fields(dialog);
  await confirm(dialog);
  await dialog.waitFor({ state: 'detached', timeout: 15_000 });
}

/** Types a date (or date and time) into a form item's picker and confirms it with Enter. */
export async function pickDate(dialog: Locator, label: string, value: string): Promise<void> {
  const input = itemOf(dialog, label).locator('input').first();
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}
