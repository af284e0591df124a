/**
 * Every action is reachable by keyboard: an <a> with onClick and no href is skipped by Tab, so the
 * client writes such actions with ActionLink (src/components/ActionLink) or a Button. This reads
 * every .tsx file of src/ and names the offending tags.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../../src');

function tsxFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return tsxFiles(p);
    return e.name.endsWith('.tsx') ? [p] : [];
  });
}

/**
 * The opening tags of a text that only a mouse can use: an <a …> with onClick but no href, and any
 * antd <Typography.Link …> without href (it renders such an <a>, also behind a Popconfirm).
 */
export function clickOnlyAnchors(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/<(a|Typography\.Link)(?=[\s>])/g)) {
    let depth = 0;
    let j = m.index + m[0].length;
    for (; j < text.length; j += 1) {
      const c = text[j];
      if (c === '{') depth += 1;
      else if (c === '}') depth -= 1;
      else if (c === '>' && depth === 0) break;
    }
    const tag = text.slice(m.index, j + 1);
    const clickOnly = m[1] === 'a' ? /\bonClick=/.test(tag) && !/\bhref=/.test(tag) : !/\bhref=/.test(tag);
    if (clickOnly) found.push(tag.replace(/\s+/g, ' ').slice(0, 120));
  }
  return found;
}

describe('keyboard reach', () => {
  it('finds a click-only anchor and passes a link or an ActionLink', () => {
    expect(clickOnlyAnchors('<a onClick={() => go(r.id)} data-testid="x">{r.name}</a>')).toHaveLength(1);
    expect(clickOnlyAnchors('<a href="/web" onClick={() => close()}>web</a>')).toEqual([]);
    expect(clickOnlyAnchors('<ActionLink onClick={() => go()}>go</ActionLink>')).toEqual([]);
    expect(
      clickOnlyAnchors('<Popconfirm title="?"><Typography.Link type="danger">删除</Typography.Link></Popconfirm>'),
    ).toHaveLength(1);
    expect(clickOnlyAnchors('<Typography.Link href="/web/disclosure">信息公开</Typography.Link>')).toEqual([]);
  });

  it('has no <a> in src/ that only a mouse can use', () => {
    const offenders = tsxFiles(SRC).flatMap((f) =>
      clickOnlyAnchors(fs.readFileSync(f, 'utf8')).map((tag) => `${path.relative(SRC, f)}: ${tag}`),
    );
    expect(offenders).toEqual([]);
  });
});
