import { describe, expect, it } from 'vitest';
import { BOOT_ELEMENT_ID, BootData } from './boot-data';

function pageWith(text: string): Document {
  const doc = document.implementation.createHTMLDocument('t');
  const el = doc.createElement('script');
  el.id = BOOT_ELEMENT_ID;
  el.type = 'application/json';
  el.textContent = text;
  doc.head.appendChild(el);
  return doc;
}

const ok = (obj: unknown) => ({ flag: 1, msg: '', obj });
const data = {
  site: { host: 'localhost:8080', branding: ok({ title: 't' }), config: { flag: 500, msg: '服务器内部错误', obj: null }, manifest: [{ platformId: 0 }] },
  session: { userId: 7, roleId: 1, platforms: ok([{ platformId: 8 }]), resources: ok([{ id: 1 }]), map: ok({ provider: 'offline', geocoder: false }) },
  visitor: { loginPage: ok({ pageId: 'p-1', key: 'k', needCode: false }) },
};

describe('BootData', () => {
  it('hands out each answer once, and only for the host, user and role it was written for', () => {
    const boot = BootData.fromDocument(pageWith(JSON.stringify(data)));
    expect(boot.branding('other:8080')).toBeUndefined();
    expect(boot.branding('localhost:8080')?.obj).toEqual({ title: 't' });
    expect(boot.branding('localhost:8080')).toBeUndefined();
    expect(boot.resources(8)).toBeUndefined();
    expect(boot.resources(undefined)).toBeUndefined();
    expect(boot.resources(7)?.obj).toEqual([{ id: 1 }]);
    expect(boot.resources(7)).toBeUndefined();
    expect(boot.platforms(7, 2)).toBeUndefined();
    expect(boot.platforms(7, 1)?.obj).toEqual([{ platformId: 8 }]);
    expect(boot.map(8)).toBeUndefined();
    expect(boot.map(7)?.obj).toEqual({ provider: 'offline', geocoder: false });
    expect(boot.map(7)).toBeUndefined();
    expect(boot.manifest()).toEqual([{ platformId: 0 }]);
    expect(boot.manifest()).toBeUndefined();
    expect(boot.loginPage()?.obj).toEqual({ pageId: 'p-1', key: 'k', needCode: false });
    // a page key is used once: the next form asks the server for its own
    expect(boot.loginPage()).toBeUndefined();
  });

  it('gives no failed answer (the console then asks the server and handles the failure as always)', () => {
    expect(BootData.fromDocument(pageWith(JSON.stringify(data))).config()).toBeUndefined();
  });

  it('is empty for a page without the script or with one that is not JSON', () => {
    expect(BootData.fromDocument(document.implementation.createHTMLDocument('t')).config()).toBeUndefined();
    expect(BootData.fromDocument(pageWith('{not json')).branding('localhost:8080')).toBeUndefined();
    expect(BootData.fromDocument(pageWith('null')).resources(7)).toBeUndefined();
  });

  it('forgets the visitor’s spent login key in the page, keeping the site’s answers for the console started after it', () => {
    const doc = pageWith(JSON.stringify(data));
    BootData.forgetVisitor(doc);
    const boot = BootData.fromDocument(doc);
    expect(boot.loginPage()).toBeUndefined();
    expect(boot.branding('localhost:8080')?.obj).toEqual({ title: 't' });
    expect(boot.manifest()).toEqual([{ platformId: 0 }]);
    const broken = pageWith('{not json');
    BootData.forgetVisitor(broken);
    expect(broken.getElementById(BOOT_ELEMENT_ID)).toBeNull();
  });
});
