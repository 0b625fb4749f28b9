// What a user sees of a generated list, measured in the page: the table's card, body, pager and rows (how
// many rows are wholly in view), and what the fixed 操作 column covers or a header cuts. Shared by the list
// stories (list-table.test.ts) and the sweep of every page (every-page.test.ts).
import type { Page } from 'playwright-core';

export type Box = { x: number; y: number; width: number; height: number; right: number; bottom: number };

/** What the table shows: its card, body, pager and rows, in viewport pixels. */
export async function tableLayout(page: Page) {
  return page.evaluate(() => {
    const box = (el: Element | null): Box | null => {
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height, right: r.right, bottom: r.bottom };
    };
    const body = document.querySelector<HTMLElement>('.engine-table .ant-table-body, .engine-table .ant-table-tbody-virtual-holder');
    const rows = [...document.querySelectorAll('.engine-table .ant-table-tbody .ant-table-row, .engine-table .ant-table-tbody-virtual .ant-table-row')];
    const bodyBox = box(body)!;
    const visibleRows = rows.filter((r) => {
      const b = r.getBoundingClientRect();
      return b.top >= bodyBox.y - 1 && b.bottom <= bodyBox.bottom + 1;
    }).length;
    // The median row: rows differ in height (an empty row is lower than one with tags), so no single row stands for all.
    const heights = rows.map((r) => r.getBoundingClientRect().height).sort((a, b) => a - b);
    const rowHeight = heights[Math.floor(heights.length / 2)] ?? 0;
    return {
      viewport: { width: window.innerWidth, height: window.innerHeight },
      card: box(document.querySelector('.engine-table-card')),
      body: bodyBox,
      bodyScrolls: body ? body.scrollHeight > body.clientHeight + 1 : false,
      scrollbarWidth: body ? body.offsetWidth - body.clientWidth : 0,
      pager: box(document.querySelector('.engine-pagination')),
      // The 合计 row of a page with sums sits between the rows and the pager.
      summaryHeight: document.querySelector('.engine-table .ant-table-summary')?.getBoundingClientRect().height ?? 0,
      rows: rows.length,
      visibleRows,
      rowHeight,
    };
  });
}

/** Data cells whose box reaches into the fixed 操作 column's box, and header titles that do not fit. */
export async function overlaps(page: Page): Promise<{ covered: string[]; cutTitles: string[]; cutCells: string[] }> {
  return page.evaluate(() => {
    const scroller = document.querySelector<HTMLElement>('.engine-table .ant-table-body') ?? document.querySelector<HTMLElement>('.engine-table .ant-table-content');
    const ops = document.querySelector<HTMLElement>('.engine-table .ant-table-tbody .ant-table-row > td.ant-table-cell-fix-right');
    const firstRow = document.querySelector<HTMLElement>('.engine-table .ant-table-tbody .ant-table-row');
    const covered: string[] = [];
    const cutCells: string[] = [];
    const check = () => {
      // A list without a fixed 操作 column (no row actions for this account) has nothing to cover.
      if (!ops || !firstRow) return;
      const op = ops.getBoundingClientRect();
      const box = scroller!.getBoundingClientRect();
      for (const td of firstRow.querySelectorAll<HTMLElement>(':scope > td:not(.ant-table-cell-fix-right):not(.ant-table-cell-fix-left)')) {
        const r = td.getBoundingClientRect();
        // Only what is in view: a column scrolled out to the left is not covered.
        if (r.right <= box.left + 1 || r.left >= op.left - 1) continue;
        if (r.right > op.left + 1) covered.push(`${td.innerText} (${Math.round(r.left)}–${Math.round(r.right)} vs ${Math.round(op.left)})`);
      }
    };
    // Scrolled to the far right, every column stands clear of the fixed one (on the way there a column
    // slides under it, as in any table that scrolls sideways; the scrollbar says there is more).
    if (scroller) {
      scroller.scrollLeft = scroller.scrollWidth;
      check();
      // A value is whole when its text lies inside its cell (an ellipsed long text shows … and a tooltip).
      for (const td of document.querySelectorAll<HTMLElement>('.engine-table .ant-table-tbody .ant-table-row > td')) {
        if (td.classList.contains('ant-table-cell-ellipsis') || !td.innerText.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(td);
        const text = range.getBoundingClientRect();
        const cell = td.getBoundingClientRect();
        if (text.left < cell.left - 1 || text.right > cell.right + 1) cutCells.push(td.innerText);
      }
      scroller.scrollLeft = 0;
    }
    // A title is whole when its text sits on one line inside the cell's padding.
    const cutTitles = [...document.querySelectorAll<HTMLElement>('.engine-table .ant-table-thead > tr > th')]
      .filter((th) => th.innerText.trim())
      .filter((th) => {
        const title = th.querySelector<HTMLElement>('.ant-table-column-title') ?? th;
        const range = document.createRange();
        range.selectNodeContents(title);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
        const text = range.getBoundingClientRect();
        const cell = th.getBoundingClientRect();
        const style = getComputedStyle(th);
        const inner = { left: cell.left + parseFloat(style.paddingLeft) - 1, right: cell.right - parseFloat(style.paddingRight) + 1 };
        return lines > 1 || text.left < inner.left || text.right > inner.right || title.scrollWidth > title.clientWidth + 1;
      })
      .map((th) => th.innerText);
    return { covered, cutTitles, cutCells };
  });
}
