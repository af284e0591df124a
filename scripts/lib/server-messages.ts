/**
 * The server's user-facing texts, read from its sources: every string or template literal with
 * Chinese in it, outside the places that are not messages (OpenAPI words, Excel headers, seeds,
 * the PDF and guide contents, which stay Chinese documents). A template literal becomes a template
 * with numbered placeholders (`第${row}行` → `第{{0}}行`), the form the translations are keyed by
 * (server/lib/locales/*.json, server/lib/messages.ts).
 */
import fs from 'node:fs';
import path from 'node:path';

const CJK = /[\u3400-\u9fff]/;

export interface Literal {
  text: string;
  file: string;
  line: number;
  /** Source text just before the literal, across lines (how it is used). */
  before: string;
}

/** Characters after which a `/` starts a regular expression rather than a division. */
const REGEX_AFTER = new Set([
  '(',
  ',',
  '=',
  ':',
  '[',
  '!',
  '&',
  '|',
  '?',
  '{',
  '}',
  ';',
  '\n',
  '+',
  '-',
  '*',
  '%',
  '<',
  '>',
  '~',
  '^',
]);

/** String and template literals of a TypeScript source (comments and regular expressions skipped). */
export function literalsOf(src: string, file: string): Literal[] {
  const out: Literal[] = [];
  let i = 0;
  let line = 1;
  const push = (text: string, start: number, startLine: number) => {
    if (!CJK.test(text)) return;
    // Across lines: the formatter puts a long literal on the line after its `description:`.
    out.push({ text, file, line: startLine, before: src.slice(Math.max(0, start - 80), start) });
  };
  const readString = (quote: string) => {
    const start = i;
    const startLine = line;
    let text = '';
    i++;
    while (i < src.length && src[i] !== quote) {
      if (src[i] === '\\') {
        const next = src[i + 1];
        text += next === 'n' ? '\n' : next === 't' ? '\t' : next;
        i += 2;
        continue;
      }
      if (src[i] === '\n') line++;
      text += src[i++];
    }
    i++;
    push(text, start, startLine);
  };
  const skipRegex = () => {
    i++;
    let inClass = false;
    while (i < src.length && src[i] !== '\n') {
      const c = src[i];
      if (c === '\\') {
        i += 2;
        continue;
      }
      if (c === '[') inClass = true;
      else if (c === ']') inClass = false;
      else if (c === '/' && !inClass) {
        i++;
        break;
      }
      i++;
    }
    while (/[a-z]/.test(src[i] ?? '')) i++;
  };
  const lastSignificant = () => {
    for (let j = i - 1; j >= 0; j--) {
      const c = src[j]!;
      if (c !== ' ' && c !== '\t' && c !== '\r')
        return { c, word: /[A-Za-z_$]/.test(c) ? src.slice(0, j + 1).match(/[A-Za-z_$][\w$]*$/)?.[0] : undefined };
    }
    return { c: '\n', word: undefined };
  };
  const readTemplate = () => {
    const start = i;
    const startLine = line;
    let text = '';
    let n = 0;
    i++;
    while (i < src.length && src[i] !== '`') {
      if (src[i] === '\\') {
        text += src[i + 1];
        i += 2;
        continue;
      }
      if (src[i] === '$' && src[i + 1] === '{') {
        i += 2;
        code(1);
        text += `{{${n++}}}`;
        continue;
      }
      if (src[i] === '\n') line++;
      text += src[i++];
    }
    i++;
    push(text, start, startLine);
  };
  /** Code until the braces opened before it close (depth 1: a template's `${ … }`), or to the end. */
  const code = (depth: number) => {
    while (i < src.length) {
      const c = src[i]!;
      if (c === '/' && src[i + 1] === '/') {
        while (i < src.length && src[i] !== '\n') i++;
        continue;
      }
      if (c === '/' && src[i + 1] === '*') {
        const end = src.indexOf('*/', i + 2);
        for (let j = i; j < end; j++) if (src[j] === '\n') line++;
        i = end + 2;
        continue;
      }
      if (c === '/') {
        const { c: prev, word } = lastSignificant();
        if (REGEX_AFTER.has(prev) || word === 'return' || word === 'typeof') {
          skipRegex();
          continue;
        }
      }
      if (c === "'" || c === '"') {
        readString(c);
        continue;
      }
      if (c === '`') {
        readTemplate();
        continue;
      }
      if (c === '{') depth++;
      if (c === '}' && --depth === 0) {
        i++;
        return;
      }
      if (c === '\n') line++;
      i++;
    }
  };
  code(Number.POSITIVE_INFINITY);
  return out;
}

/** Folders and files whose Chinese is content, not messages to the caller. */
const NOT_MESSAGES = [
  'server/db/seed/',
  'server/demo/',
  'server/db/migrations/',
  'server/lib/pdf/',
  'server/modules/file/guide.ts',
  'server/db/schema.ts',
];
/** Uses of a literal that are not messages: the OpenAPI description, Excel headers and sheet names, examples, titles shown by the client in its own words. */
const NOT_MESSAGE_USE =
  /(\.describe\(|\bsummary:|\bdescription:|\bheader:|\bexample:|\bsheetName:|\btitle:|\blogAs\()\s*$/;
/** File names (downloads) stay as they are. */
const FILE_NAME = /\.(xlsx|pdf|docx|zip|png|csv)$/;

/** The machines' descriptions (English, naming Chinese terms: statechart documentation, not messages). */
const isEnglishProse = (text: string): boolean =>
  (text.match(/[A-Za-z]/g)?.length ?? 0) > 2 * (text.match(/[\u3400-\u9fff]/g)?.length ?? 0);

export interface ServerMessage {
  template: string;
  /** Where it occurs (file:line), the first few. */
  at: string[];
}

function filesUnder(dir: string): string[] {
  const files: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...filesUnder(p));
    else if (p.endsWith('.ts')) files.push(p);
  }
  return files;
}

/**
 * The messages of the server's sources under `root` (the repository), by template: server/ and
 * the machines it shares with the client (their labels go into messages: business types, steps).
 */
export function serverMessages(root: string): Map<string, ServerMessage> {
  const messages = new Map<string, ServerMessage>();
  for (const file of [...filesUnder(path.join(root, 'server')), ...filesUnder(path.join(root, 'machines'))].sort()) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    if (NOT_MESSAGES.some((prefix) => rel.startsWith(prefix))) continue;
    for (const lit of literalsOf(fs.readFileSync(file, 'utf8'), rel)) {
      if (NOT_MESSAGE_USE.test(lit.before) || FILE_NAME.test(lit.text)) continue;
      if (rel.startsWith('machines/') && isEnglishProse(lit.text)) continue;
      const hit = messages.get(lit.text) ?? { template: lit.text, at: [] };
      if (hit.at.length < 3) hit.at.push(`${rel}:${lit.line}`);
      messages.set(lit.text, hit);
    }
  }
  return messages;
}

/** The placeholders of a template, sorted ({{0}}, {{1}} …). */
export const placeholdersOf = (text: string): string[] => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!).sort();
