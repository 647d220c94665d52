import { describe, expect, it } from 'vitest';
import { isApiPath } from './api-paths';

describe('API paths', () => {
  it('takes the installed plugins’ server parts as API, never as console routes', () => {
    expect(isApiPath('/plugins/cold-chain/api/readings/42')).toBe(true);
    expect(isApiPath('/car/v4/api/monitor/list.json')).toBe(true);
    expect(isApiPath('/car/monitor')).toBe(false);
    expect(isApiPath('/cold-chain/overview')).toBe(false);
  });
});
