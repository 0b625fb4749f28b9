// Where in a schema file a problem is: the line and column of the value a JSON pointer names, and the
// line, column and Chinese reason of a JSON syntax error. jsonc-parser (Microsoft's JSON scanner, the one
// VS Code uses) gives the offsets; only files that have problems are parsed a second time.
import { findNodeAtLocation, parseTree, printParseErrorCode, visit, type Node } from 'jsonc-parser';
import type { SchemaProblem } from '../common/metadata/types';

/** 1-based line and column of an offset into `text` (columns count UTF-16 units, as editors do). */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line += 1;
    start = i + 1;
  }
  return { line, column: offset - start + 1 };
}

/** The segments of a JSON pointer (RFC 6901), unescaped; '' is the whole document. */
const segments = (pointer: string): string[] =>
  pointer === '' ? [] : pointer.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));

/**
 * The node a pointer names, or that of its longest existing prefix (a missing key is reported at the
 * object that lacks it). Segments that are array indexes are numbers for jsonc-parser.
 */
function nodeAt(root: Node, pointer: string): Node {
  let node = root;
  for (const s of segments(pointer)) {
    const next = findNodeAtLocation(node, [node.type === 'array' && /^\d+$/.test(s) ? Number(s) : s]);
    if (!next) break;
    node = next;
  }
  return node;
}

/**
 * The problems with `line` and `column` set where their pointer starts in the file's text; `texts` maps a
 * problem's `file` to the text read. Each file with problems is parsed once; other files not at all.
 */
export function withPositions(problems: readonly SchemaProblem[], texts: ReadonlyMap<string, string>): SchemaProblem[] {
  const trees = new Map<string, Node | undefined>();
  return problems.map((p) => {
    if (p.line !== undefined) return p;
    const text = texts.get(p.file);
    if (text === undefined) return p;
    if (!trees.has(p.file)) trees.set(p.file, parseTree(text));
    const root = trees.get(p.file);
    if (!root) return p;
    return { ...p, ...lineColumn(text, nodeAt(root, p.pointer).offset) };
  });
}

/** jsonc-parser's error codes in Chinese. */
const SYNTAX_ZH: Readonly<Record<string, string>> = {
  InvalidSymbol: '无效的符号',
  InvalidNumberFormat: '数字的写法不对',
  PropertyNameExpected: '缺少属性名（属性名须用英文双引号括起来）',
  ValueExpected: '缺少值',
  ColonExpected: '缺少冒号（属性名后须写英文冒号 :）',
  CommaExpected: '缺少逗号（上一项后面须写英文逗号 ,）',
  CloseBraceExpected: '缺少右花括号 }',
  CloseBracketExpected: '缺少右方括号 ]',
  EndOfFileExpected: '文件在此处应已结束（多余的内容）',
  InvalidCommentToken: 'JSON 中不能写注释',
  UnexpectedEndOfComment: 'JSON 中不能写注释',
  UnexpectedEndOfString: '字符串没有结束（缺少右双引号 "）',
  UnexpectedEndOfNumber: '数字没有写完',
  InvalidUnicode: '无效的 \\u 转义',
  InvalidEscapeCharacter: '无效的转义字符（反斜杠 \\ 后只能是 " \\ / b f n r t u）',
  InvalidCharacter: '字符串中有无效的字符（如未转义的换行）',
};

export type SyntaxProblem = { line: number; column: number; reason: string; reasonZh: string };

/**
 * The first syntax error of a text that JSON.parse refused: line, column and reason, in English and
 * Chinese (`第 12 行第 5 列：缺少逗号`). Comments and trailing commas count as errors, as for JSON.parse.
 */
export function syntaxProblem(text: string, parseMessage: string): SyntaxProblem {
  if (text.trim() === '') return { line: 1, column: 1, reason: 'the file is empty', reasonZh: '文件是空的：须是一个 JSON 对象 { … }' };
  let found: SyntaxProblem | null = null;
  visit(
    text,
    {
      onError: (error, offset, _length, startLine, startCharacter) => {
        if (found) return;
        const code = printParseErrorCode(error);
        const before = text.slice(0, offset).trimEnd();
        // A comma before } or ]: the scanner expects another property or value there.
        const trailing = (code === 'PropertyNameExpected' || code === 'ValueExpected') && before.endsWith(',') && /^[}\]]/.test(text.slice(offset));
        const bom = offset === 0 && text.charCodeAt(0) === 0xfeff;
        found = {
          line: startLine + 1,
          column: startCharacter + 1,
          reason: trailing ? 'trailing comma' : bom ? 'byte order mark (BOM) before the JSON' : code,
          reasonZh: trailing ? '多余的逗号：最后一项后面不能有逗号' : bom ? '文件开头有 BOM 字节顺序标记：请存为不带 BOM 的 UTF-8' : (SYNTAX_ZH[code] ?? '不是有效的 JSON'),
        };
      },
    },
    { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false },
  );
  if (found) return found;
  // The scanner found nothing JSON.parse minds (should not happen): V8's position, if it gave one.
  const at = /position (\d+)/.exec(parseMessage);
  return { ...lineColumn(text, at ? Number(at[1]) : 0), reason: parseMessage, reasonZh: '不是有效的 JSON' };
}
