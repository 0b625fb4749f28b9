// The last data a changing source had: while the next page loads, the table keeps showing the previous
// one instead of flashing 加载中 (花名册: the board is keyed by project, so nothing crosses projects; the
// one-project boards keep only an answer of the project asked for, data/project-screen.tsx).
import { useState } from 'react';

export function useKeptData<T>(data: T | undefined): T | undefined {
  const [kept, setKept] = useState<T | undefined>(data);
  if (data !== undefined && data !== kept) setKept(data);
  return data ?? kept;
}
