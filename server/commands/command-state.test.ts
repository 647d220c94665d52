import { describe, expect, it } from 'vitest';
import { ANSWER_TIMEOUT_MS, COMMAND_STATUS_TEXT, CommandStatus, answerOutcome, nextStatus, overdueEvent } from './command-state';

const T0 = new Date('2026-05-01T10:00:00+08:00');
const at = (ms: number) => new Date(T0.getTime() + ms);

describe('command state machine', () => {
  it('goes 待发送 → 已发送 → 成功 on a result-0 answer', () => {
    const sent = nextStatus(CommandStatus.Pending, { kind: 'send' });
    expect(sent).toBe(CommandStatus.Sent);
    expect(nextStatus(sent!, { kind: 'answer', result: 0 })).toBe(CommandStatus.Succeeded);
    expect([0, 1, 2, 3, 4].map((s) => COMMAND_STATUS_TEXT[s as CommandStatus])).toEqual(['待发送', '已发送', '成功', '失败', '超时']);
  });

  it('turns failure, malformed and unsupported answers into 失败 with a Chinese reason', () => {
    expect(answerOutcome(1)).toEqual({ status: CommandStatus.Failed, text: '终端执行失败' });
    expect(answerOutcome(2)).toEqual({ status: CommandStatus.Failed, text: '消息有误' });
    expect(answerOutcome(3)).toEqual({ status: CommandStatus.Failed, text: '终端不支持该指令' });
    expect(answerOutcome(0)).toEqual({ status: CommandStatus.Succeeded, text: '终端执行成功' });
    expect(nextStatus(CommandStatus.Sent, { kind: 'answer', result: 3 })).toBe(CommandStatus.Failed);
  });

  it('puts a command back to 待发送 when the connection was gone at sending', () => {
    expect(nextStatus(CommandStatus.Sent, { kind: 'send-failed' })).toBe(CommandStatus.Pending);
  });

  it('keeps final states final and ignores answers to unsent commands', () => {
    for (const final of [CommandStatus.Succeeded, CommandStatus.Failed, CommandStatus.TimedOut]) {
      for (const kind of ['send', 'send-failed', 'answer-timeout', 'expire'] as const) expect(nextStatus(final, { kind })).toBeUndefined();
      expect(nextStatus(final, { kind: 'answer', result: 0 })).toBeUndefined();
    }
    expect(nextStatus(CommandStatus.Pending, { kind: 'answer', result: 0 })).toBeUndefined();
    expect(nextStatus(CommandStatus.Pending, { kind: 'answer-timeout' })).toBeUndefined();
    expect(nextStatus(CommandStatus.Sent, { kind: 'expire' })).toBeUndefined();
  });

  it('times out a sent command only after 30 s without an answer', () => {
    const sent = { status: CommandStatus.Sent, sendTime: T0, expiresAt: at(3600_000) };
    expect(overdueEvent(sent, at(ANSWER_TIMEOUT_MS))).toBeUndefined();
    expect(overdueEvent(sent, at(ANSWER_TIMEOUT_MS + 1))).toEqual({ kind: 'answer-timeout' });
    expect(nextStatus(CommandStatus.Sent, { kind: 'answer-timeout' })).toBe(CommandStatus.TimedOut);
  });

  it('expires an unsent command at its expiry, not before', () => {
    const pending = { status: CommandStatus.Pending, sendTime: null, expiresAt: at(60 * 60_000) };
    expect(overdueEvent(pending, at(60 * 60_000 - 1))).toBeUndefined();
    expect(overdueEvent(pending, at(60 * 60_000))).toEqual({ kind: 'expire' });
    expect(nextStatus(CommandStatus.Pending, { kind: 'expire' })).toBe(CommandStatus.TimedOut);
  });
});
