// Merged cells of a table with a fixed row structure: the rowSpan of each row for one column, so equal
// consecutive values (within the same parent key) show once (antd onCell rowSpan; 0 hides the cell).
export function rowSpans<T>(rows: readonly T[], key: (row: T) => string): number[] {
  const spans = rows.map(() => 0);
  let start = 0;
  for (let i = 1; i <= rows.length; i++) {
    if (i === rows.length || key(rows[i]) !== key(rows[start])) {
      spans[start] = i - start;
      start = i;
    }
  }
  return spans;
}
