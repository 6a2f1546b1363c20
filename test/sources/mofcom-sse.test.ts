import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SAMPLES_DIR } from '../../src/platform/snapshots/samples.js';
import { parseMofcomPolicyList } from '../../src/sources/mofcom/announcements.js';
import { parseSseBulletins } from '../../src/sources/sse/bulletins.js';

describe('MOFCOM policy list parser', () => {
  it('reads the bundled page: titles, absolute links, dates, newest first', () => {
    const docs = parseMofcomPolicyList(readFileSync(path.join(SAMPLES_DIR, 'intelligence/mofcom-policy-list.html')));
    expect(docs.length).toBe(6);
    expect(docs[0]).toEqual({
      title: '商务部 海关总署公告2026年第61号 关于对部分稀土相关物项实施出口管制的公告',
      url: 'https://www.mofcom.gov.cn/zwgk/zcfb/art/2026/art_8c1e2f0a.html',
      date: '2026-11-18',
    });
  });

  it('skips entries without a title or date, refuses a page without the list', () => {
    const html =
      '<ul class="txtList_01"><li><a href="/a.html" title="公告 &quot;一&quot;">x</a><span>2026-11-01</span></li><li><a href="/b.html">无标题</a><span>2026-11-02</span></li><li><a href="/c.html" title="无日期">y</a></li></ul>';
    expect(parseMofcomPolicyList(html)).toEqual([
      { title: '公告 "一"', url: 'https://www.mofcom.gov.cn/a.html', date: '2026-11-01' },
    ]);
    expect(() => parseMofcomPolicyList('<html>502 Bad Gateway</html>')).toThrow(/no document list/);
  });
});

describe('SSE bulletin query parser', () => {
  it('reads the bundled JSONP answer, skipping an empty row', () => {
    const rows = parseSseBulletins(readFileSync(path.join(SAMPLES_DIR, 'market/sse-company-bulletins.jsonp')));
    expect(rows.length).toBe(7);
    expect(rows[0]).toMatchObject({
      securityCode: '600519',
      securityName: '贵州茅台',
      date: '2026-11-19',
      url: 'https://static.sse.com.cn/disclosure/listedinfo/announcement/c/new/2026-11-19/600519_20261119_4KQ1.pdf',
    });
  });

  it('reads plain JSON too and refuses other answers', () => {
    expect(parseSseBulletins('{"result":[]}')).toEqual([]);
    expect(() => parseSseBulletins('cb({"error":"x"})')).toThrow(/no result array/);
    expect(() => parseSseBulletins('<html>')).toThrow(/not JSON or JSONP/);
  });
});
