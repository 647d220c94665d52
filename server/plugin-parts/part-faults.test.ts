import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..', '..');

// In a process of its own: the test runner listens for uncaught errors itself and would report
// the ones the platform keeps to the faulty parts.
describe('a server part whose job throws where nothing catches it', () => {
  it('is stopped with one Chinese log line and marked failed, and the server and the other parts keep running', async () => {
    const { stdout } = await run('npx', ['tsx', join('server', 'plugin-parts', 'testing', 'faulty-parts-run.ts')], { cwd: ROOT, env: process.env, timeout: 90_000 });
    const result = JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
    expect(result.steady).toMatchObject({ flag: 1, obj: 'pong' });
    expect(result.platform).toBe(1);
    expect(result.serverErrors).toEqual({
      floater: '插件 floater 的服务端运行出错，已停止：无人处理的拒绝',
      ticker: '插件 ticker 的服务端运行出错，已停止：计时任务出错',
    });
    expect(result.ticker).toMatchObject({ flag: 500, msg: expect.stringContaining('插件 ticker 的服务端运行出错，已停止：计时任务出错') });
    expect(result.logged).toEqual(expect.arrayContaining([expect.stringContaining('插件 ticker'), expect.stringContaining('插件 floater')]));
    expect(result.logged).toHaveLength(2);
  }, 120_000);
});
