import type { DemoSeedContext } from '../../../server/module';
import { checkGbDeclaration } from './gb-declaration-fields';
import { GbDeclarationQueries } from './gb-declaration-queries';

const OWNERS = ['陈立', '林芳', '黄勇', '周敏', '吴强', '郑丽', '孙浩', '马琳', '朱磊', '胡静', '郭涛', '何雪'];

/**
 * 新国标 备案 records for the demo's first twelve e-bikes (same frame numbers and plates as their
 * assets); three were built beyond the standard (too fast, too heavy, no pedals). Added once.
 */
export async function seedDemoDeclarations({ store, db, demoTenant, assets }: DemoSeedContext): Promise<void> {
  const gb = new GbDeclarationQueries(db);
  const demo = await store.org.findTenantByName(demoTenant);
  if (!demo) return;
  const scope = { userId: 0, tenantId: demo.id, tenantIds: [demo.id], groupIds: null };
  if ((await gb.page(scope, {}, 0, 1)).total > 0) return;
  const ebikes = assets.filter((d) => d.assetKind === 'ebike').slice(0, OWNERS.length);
  for (const [i, d] of ebikes.entries()) {
    const p = d.profile;
    const { fields } = checkGbDeclaration({
      ownerName: OWNERS[i], ownerPhone: `13710${String(4001 + i).padStart(6, '0')}`, brand: p.brand, model: p.model, frameNo: p.frameNo,
      motorNo: p.motorNo, plateNo: d.name, color: p.color, designSpeed: i === 3 ? 32 : 25, mass: i === 6 ? 63.5 : 48 + (i % 6),
      motorPower: i === 3 ? 600 : 350 + (i % 2) * 50, pedals: i !== 9,
    });
    if (fields) await gb.insert(demo.id, fields);
  }
}
