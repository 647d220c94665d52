import { describe, expect, it } from 'vitest';
import { Teardown } from './teardown';

describe('Teardown', () => {
  it('closes the parts last opened first, once', async () => {
    const closed: string[] = [];
    const teardown = new Teardown(() => undefined);
    for (const part of ['bus', 'alarms', 'gateways']) teardown.add(part, () => void closed.push(part));
    await teardown.close();
    await teardown.close();
    expect(closed).toEqual(['gateways', 'alarms', 'bus']);
  });

  it('closes every part when one fails, reports it and throws its error at the end', async () => {
    const closed: string[] = [];
    const failures: string[] = [];
    const teardown = new Teardown((err, name) => failures.push(`${name}: ${(err as Error).message}`));
    teardown.add('bus', () => void closed.push('bus'));
    teardown.add('gateways', async () => {
      throw new Error('port still busy');
    });
    teardown.add('simulator', () => void closed.push('simulator'));
    await expect(teardown.close()).rejects.toThrow('port still busy');
    expect(closed).toEqual(['simulator', 'bus']);
    expect(failures).toEqual(['gateways: port still busy']);
  });
});
