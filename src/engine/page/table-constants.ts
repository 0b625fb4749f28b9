// §9 table constants: generic page sizes, virtual scrolling (row 30 px, buffer 5, default height 300),
// table max height.
export const GENERIC_PAGE_SIZES = [10, 20, 30, 40, 50, 60, 80, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const VIRTUAL_ROW_HEIGHT = 30;
export const VIRTUAL_BUFFER = 5;
export const VIRTUAL_DEFAULT_HEIGHT = 300;
export const TABLE_MAX_HEIGHT = 600;
export const SERIAL_WIDTH = 70;
export const DEFAULT_COLUMN_WIDTH = 200;
/** The check-box column of a list with batch actions. */
export const SELECTION_WIDTH = 48;

/** Virtual scrolling pays off once a page holds more rows than the visible ones plus the buffer. */
export const shouldVirtualize = (rowCount: number, height: number): boolean => rowCount > Math.ceil(height / VIRTUAL_ROW_HEIGHT) + VIRTUAL_BUFFER;

/** The serial number (序号) of a row, counted across pages. */
export const serialOf = (pageIndex: number, pageSize: number, rowIndex: number): number => pageIndex * pageSize + rowIndex + 1;
