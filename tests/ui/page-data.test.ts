import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_DATA_ELEMENT_ID } from '../../contract/http.ts';

afterEach(() => {
  document.body.innerHTML = '';
  vi.resetModules();
});

/** A fresh copy of the module (it reads the page once), over a page carrying `json`. */
async function pageWith(json: string) {
  const module = await import('../../src/api/page-data.ts');
  const element = document.createElement('script');
  element.id = PAGE_DATA_ELEMENT_ID;
  element.type = 'application/json';
  element.textContent = json;
  document.body.append(element);
  return module;
}

describe('the API answers a server-rendered page carries', () => {
  it('cannot close their script element, whatever an item says', async () => {
    const { serializePageData } = await import('../../src/api/page-data.ts');
    const hostile = { 'http://api/item-detail/1': { description: '</script><script>alert(1)</script>' } };
    const json = serializePageData(hostile);
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual(hostile);
  });

  it('answer each URL once, then leave it to the network', async () => {
    const { takePageAnswer, serializePageData } = await pageWith('');
    document.getElementById('page-data')!.textContent = serializePageData({ 'http://api/menu': [1, 2] });
    expect(takePageAnswer('http://api/menu')).toEqual([1, 2]);
    expect(takePageAnswer('http://api/menu')).toBeUndefined();
    expect(takePageAnswer('http://api/other')).toBeUndefined();
  });

  it('are nothing on a page the browser renders, or one whose data cannot be read', async () => {
    expect((await import('../../src/api/page-data.ts')).takePageAnswer('http://api/menu')).toBeUndefined();
    vi.resetModules();
    expect((await pageWith('{not json')).takePageAnswer('http://api/menu')).toBeUndefined();
  });
});
