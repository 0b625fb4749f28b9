// Numbering rules (docs/metadata.md "Numbering", JeecgBoot's 编码规则): a field whose value the server
// assigns on create from a pattern — literal text, China-time date parts and one sequence, e.g.
// `DD-{yyyyMMdd}-{seq:4}` → DD-20261207-0001 — counted per company, project or the whole table and
// restarted each day, month or year. Parsed here for the checks (check-numbering.ts), the server
// (server/engine/numbering.ts) and the browser (the dialog's 保存后自动生成).
import type { NumberingRule } from '../metadata';

export type NumberingPart = { kind: 'text'; text: string } | { kind: 'date'; format: string } | { kind: 'seq'; width: number };

/** Date pieces a `{…}` date token is made of, longest first. */
const DATE_PIECES = ['yyyy', 'yy', 'MM', 'dd'] as const;
const SEQ = /^seq:([1-9])$/;

/** The date token's pieces (`yyyyMMdd` → yyyy, MM, dd), or null when it is not made of them. */
function datePieces(token: string): string[] | null {
  const pieces: string[] = [];
  let rest = token;
  while (rest.length > 0) {
    const piece = DATE_PIECES.find((p) => rest.startsWith(p));
    if (!piece) return null;
    pieces.push(piece);
    rest = rest.slice(piece.length);
  }
  return pieces.length > 0 ? pieces : null;
}

export type ParsedPattern = { parts: NumberingPart[] } | { error: [string, string] };

/** A pattern's parts, or why it is not one (English, Chinese). */
export function parseNumberingPattern(pattern: string): ParsedPattern {
  const parts: NumberingPart[] = [];
  const token = /\{([^{}]*)\}/g;
  let at = 0;
  for (const m of pattern.matchAll(token)) {
    if (m.index > at) parts.push({ kind: 'text', text: pattern.slice(at, m.index) });
    at = m.index + m[0].length;
    const inner = m[1];
    const seq = SEQ.exec(inner);
    if (seq) parts.push({ kind: 'seq', width: Number(seq[1]) });
    else if (datePieces(inner)) parts.push({ kind: 'date', format: inner });
    else {
      return {
        error: [
          `"{${inner}}" is neither a date ({yyyyMMdd}, {yyyyMM}, {yyyy}, {yyMMdd}, …) nor the sequence ({seq:4})`,
          `“{${inner}}”既不是日期（{yyyyMMdd}、{yyyyMM}、{yyyy}、{yyMMdd} 等，由 yyyy、yy、MM、dd 组成）也不是流水号（{seq:4}，位数 1-9）`,
        ],
      };
    }
  }
  if (at < pattern.length) parts.push({ kind: 'text', text: pattern.slice(at) });
  const literal = parts.filter((p): p is { kind: 'text'; text: string } => p.kind === 'text').map((p) => p.text).join('');
  if (/[{}]/.test(literal)) return { error: ['a lone "{" or "}" in the pattern', '编码规则中有不成对的“{”或“}”：日期和流水号须写成 {yyyyMMdd}、{seq:4}'] };
  const seqs = parts.filter((p) => p.kind === 'seq').length;
  if (seqs !== 1) {
    return { error: [`the pattern needs exactly one sequence {seq:N} (has ${seqs})`, `编码规则须有且只有一个流水号 {seq:N}（现有 ${seqs} 个），例如 DD-{yyyyMMdd}-{seq:4}`] };
  }
  return { parts };
}

/** The date letters a pattern shows: y (a year), M, d. */
export function dateLetters(parts: readonly NumberingPart[]): Set<string> {
  const letters = new Set<string>();
  for (const p of parts) if (p.kind === 'date') for (const piece of datePieces(p.format) ?? []) letters.add(piece[0]);
  return letters;
}

/** The letters a reset period needs in the pattern, so a restarted sequence never repeats a number. */
export const RESET_NEEDS: Readonly<Record<NumberingRule['reset'], readonly string[]>> = { day: ['y', 'M', 'd'], month: ['y', 'M'], year: ['y'], never: [] };

const CST_MS = 8 * 60 * 60 * 1000;

/** The China Standard Time calendar day of an instant (no daylight saving since 1991). */
function chinaDate(ms: number): { yyyy: string; MM: string; dd: string } {
  const iso = new Date(ms + CST_MS).toISOString();
  return { yyyy: iso.slice(0, 4), MM: iso.slice(5, 7), dd: iso.slice(8, 10) };
}

function formatDate(format: string, ms: number): string {
  const d = chinaDate(ms);
  const value = { yyyy: d.yyyy, yy: d.yyyy.slice(2), MM: d.MM, dd: d.dd } as const;
  return (datePieces(format) ?? []).map((p) => value[p as keyof typeof value]).join('');
}

/** The period a sequence counts in at an instant: 20261207 (day), 202612 (month), 2026 (year), '' (never). */
export function numberingPeriod(reset: NumberingRule['reset'], ms: number): string {
  const d = chinaDate(ms);
  return { day: `${d.yyyy}${d.MM}${d.dd}`, month: `${d.yyyy}${d.MM}`, year: d.yyyy, never: '' }[reset];
}

/** The number of sequence value `seq` at an instant; a sequence past its width keeps all its digits (9999 → 10000). */
export function formatNumber(parts: readonly NumberingPart[], ms: number, seq: number): string {
  return parts.map((p) => (p.kind === 'text' ? p.text : p.kind === 'date' ? formatDate(p.format, ms) : String(seq).padStart(p.width, '0'))).join('');
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A POSIX regular expression (PostgreSQL `substring(… from …)`) matching the numbers of the period at an
 * instant, its one group the sequence's digits: `^DD-20261207-([0-9]{4,})$`.
 */
export function numberRegex(parts: readonly NumberingPart[], ms: number, reset: NumberingRule['reset']): string {
  // Date pieces finer than the period (the day of a monthly sequence) match any day of it.
  const kept = RESET_NEEDS[reset];
  const date = (format: string) => {
    const shown = formatDate(format, ms);
    let at = 0;
    return (datePieces(format) ?? []).map((piece) => {
      const text = shown.slice(at, (at += piece.length));
      return kept.includes(piece[0]) ? text : `[0-9]{${piece.length}}`;
    }).join('');
  };
  const body = parts.map((p) => (p.kind === 'text' ? escapeRegex(p.text) : p.kind === 'date' ? date(p.format) : `([0-9]{${p.width},})`)).join('');
  return `^${body}$`;
}

/** What the dialog shows in a numbered field of a new row. */
export const NUMBERING_PLACEHOLDER = '保存后自动生成';
