import {
  assetButtons, badInput, chinaToday, importTemplate, randomHex, readImportRows, readUpload, requireKinds, requireTenantInScope, sendSheet, sessionRoute, TERMINAL_MENU, VEHICLE_MENU, type RouteDefinition,
} from '../../../server/module';
import { ASSET_KIND_DEFINITIONS } from '../../../sdk/asset-kinds';
import { kindImport, terminalImport, vehicleImport, type ImportKind } from './asset-import-kinds';
import { AssetImportQueries } from './asset-import-queries';
import { systemOf } from './system-services';
import { AssetImportApi, type ImportEndpoints } from '../../../sdk/contracts/asset';

/** A checked upload waits this long for its confirmation. */
const PENDING_MS = 30 * 60_000;
const MAX_FILE_BYTES = 5 * 1024 * 1024;

/**
 * Bulk import of one kind of asset: GET the template; POST the filled .xlsx (multipart, field
 * `file`; `tenantId` in the query, default the caller's customer) for a row-by-row preview;
 * POST the preview's token to import its valid rows in one transaction.
 */
function importRoutes<K extends string, V>(api: ImportEndpoints, button: number, kind: ImportKind<K, V>): RouteDefinition[] {
  const template = sessionRoute.of(api.template, {
    resource: button,
    auth: 'download',
    raw: true,
    handler: async ({ reply }) => sendSheet(reply, `${kind.what}导入模板.xlsx`, await importTemplate(kind.what, kind.columns, kind.notes)),
  });

  const preview = sessionRoute.of(api.preview, {
    resource: button,
    handler: async (ctx) => {
      const { query, request, deps, scope, user } = ctx;
      const s = await scope();
      const tenantId = requireTenantInScope(s, query.tenantId ?? user.tenantId);
      const file = await readUpload(request, MAX_FILE_BYTES, { missing: '请选择要上传的 .xlsx 文件', tooLarge: '文件不能超过 5 MB' });
      if (!/\.xlsx$/i.test(file.filename)) throw badInput('请上传 .xlsx 格式的文件');
      const rows = await kind.check(deps.store, s, tenantId, await readImportRows(file.content, kind.columns), chinaToday(deps.clock.now()));
      const valid = rows.filter((r) => r.errors.length === 0);
      if (kind.assetKind) await requireKinds(ctx, valid.map((r) => kind.assetKind!(r.normalized!)), 'import');
      let token: string | null = null;
      if (valid.length) {
        token = randomHex(18);
        const now = deps.clock.now();
        await systemOf(deps).imports.purge(now);
        await systemOf(deps).imports.save(
          { token, userId: user.id, tenantId, kind: kind.kind, fileName: file.filename, rows: valid.map((r) => ({ row: r.row, values: r.normalized! })) },
          new Date(now.getTime() + PENDING_MS),
        );
      }
      return {
        token, fileName: file.filename, tenantId, total: rows.length, valid: valid.length, invalid: rows.length - valid.length,
        rows: rows.map((r) => ({ row: r.row, values: r.values, errors: r.errors })),
      };
    },
  });

  const confirm = sessionRoute.of(api.confirm, {
    resource: button,
    handler: async ({ body, deps, scope, user, audit }) => {
      const s = await scope();
      const pending = await systemOf(deps).imports.find<V>(body.token, user.id, kind.kind, deps.clock.now());
      if (!pending) throw badInput('导入已过期或已完成，请重新上传');
      requireTenantInScope(s, pending.tenantId);
      await deps.store.assets.transaction(async (tx, trx) => {
        await kind.store(tx, pending.tenantId, pending.rows);
        await new AssetImportQueries(trx).delete(pending.token);
      });
      const labels = pending.rows.map((r) => kind.label(r.values));
      await audit({
        action: `导入${kind.what}`,
        target: `${kind.what} ${pending.rows.length} 条（${pending.fileName}）`,
        after: { count: labels.length, items: labels.slice(0, 200) },
        tenantId: pending.tenantId,
      });
      return { imported: pending.rows.length };
    },
  });

  return [template, preview, confirm];
}

export const vehicleImportRoutes = importRoutes(AssetImportApi.vehicle, assetButtons(VEHICLE_MENU).import, vehicleImport);
/** 人员, 宠物 and 电动车 imports, each under its own path and its page's import button (1241xx …). */
export const kindImportRoutes = (['person', 'pet', 'ebike'] as const).flatMap((kind) =>
  importRoutes(AssetImportApi[kind], assetButtons(ASSET_KIND_DEFINITIONS[kind].menuId).import, kindImport(kind)),
);
export const terminalImportRoutes = importRoutes(AssetImportApi.terminal, assetButtons(TERMINAL_MENU).import, terminalImport);
