import { describe, expect, it } from 'vitest';
import * as contracts from '../../sdk/contracts';
import { isEndpoint, type Endpoint } from '../../sdk/endpoint';
import { createRouteRegistry } from './all-routes';

/** Every contract of sdk/contracts, named by where it sits: `<group>.<key>`, or `<group>.<kind>.<key>` for a group of groups. */
function allContracts(): { name: string; contract: Endpoint }[] {
  const found: { name: string; contract: Endpoint }[] = [];
  const visit = (name: string, value: unknown, depth: number) => {
    if (isEndpoint(value)) found.push({ name, contract: value });
    else if (typeof value === 'object' && value !== null && depth < 2) for (const [key, entry] of Object.entries(value)) visit(`${name}.${key}`, entry, depth + 1);
  };
  for (const [group, value] of Object.entries(contracts)) if (typeof value === 'object' && value !== null && !isEndpoint(value)) visit(group, value, 0);
  return found;
}

const routes = createRouteRegistry().list().map(({ route }) => route);
const methodsOf = (method: string | string[]): string[] => (Array.isArray(method) ? method : [method]);

/** API paths the console spec names that the server serves: they never move. */
const SPEC_PATHS = [
  '/car/v1/accelerate/export/exportDataReport.json',
  '/car/v1/accelerate/report/alarm/newQueryAlarm',
  '/car/v1/api/command/checkCommandDownBatchTer.json',
  '/car/v1/api/monitor/processAlarm',
  '/car/v1/api/platform/getPlatformByRoleId.json',
  '/car/v1/api/resource/list.json',
  '/car/v1/api/resource/newList.json',
  '/car/v1/api/user/getUser.json',
  '/car/v1/api/user/sendSmsCode.json',
  '/car/v1/helpCenter/helpMessage/pageHelpMessage',
  '/car/v4/api/address/baidu/getGeo.json',
  '/car/v4/api/alarm/control/listAlarmControlInfo.json',
  '/car/v4/api/alarm/push/listAlarmPushInfo.json',
  '/car/v4/api/health/threshold/getHealthThreshold.json',
  '/car/v4/api/prevent/declare/generateQRCode.json',
  '/car/v4/api/system/dictionary/list.json',
  '/oauth/getCode',
  '/oauth/loginPage',
  '/oauth/logout',
  '/oauth/sendLoginSms',
  '/oauth/v4/token',
  '/oauthToken/getConfig',
];

describe('endpoint contracts', () => {
  const all = allContracts();

  it('declares every contract once, each with its own method and path', () => {
    expect(all.length).toBeGreaterThan(0);
    const keys = all.map(({ contract }) => `${contract.method} ${contract.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('has exactly one server route per contract, built from it with the same method and path', () => {
    for (const { name, contract } of all) {
      const serving = routes.filter((r) => r.url === contract.path && methodsOf(r.method).includes(contract.method));
      expect(serving.length, name).toBe(1);
      expect(serving[0]!.contract, `${name} is served by a route built from it`).toBe(contract);
    }
  });

  it('builds every route that names a contract from a contract of sdk/contracts', () => {
    const known = new Set<Endpoint>(all.map(({ contract }) => contract));
    for (const route of routes) if (route.contract) expect(known.has(route.contract), route.url).toBe(true);
  });

  it('keeps the API paths named in the console spec where they are', () => {
    const served = new Set(routes.flatMap((r) => [r.url, ...(r.aliases ?? [])]));
    for (const path of SPEC_PATHS) expect(served.has(path), path).toBe(true);
  });
});
