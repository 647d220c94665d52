/** Life of one command to one terminal: 待发送 → 已发送 → 成功 | 失败 | 超时 (or 待发送 → 超时 when it expires unsent). */
export const CommandStatus = {
  Pending: 0,
  Sent: 1,
  Succeeded: 2,
  Failed: 3,
  TimedOut: 4,
} as const;

export type CommandStatus = (typeof CommandStatus)[keyof typeof CommandStatus];

export const COMMAND_STATUS_TEXT: Record<CommandStatus, string> = {
  0: '待发送',
  1: '已发送',
  2: '成功',
  3: '失败',
  4: '超时',
};

/** A sent command without an answer this long after sending ends as 超时. */
export const ANSWER_TIMEOUT_MS = 30_000;

/** What happens to a command. */
export type CommandEvent =
  | { kind: 'send' }
  /** The connection was gone by the time the message was written: wait for the next one. */
  | { kind: 'send-failed' }
  | { kind: 'answer'; result: number }
  | { kind: 'answer-timeout' }
  | { kind: 'expire' };

/**
 * The status after `event`, or undefined when the event does not apply in that status (an answer
 * to a command already settled, a second send …) and the command stays as it is.
 */
export function nextStatus(status: CommandStatus, event: CommandEvent): CommandStatus | undefined {
  switch (status) {
    case CommandStatus.Pending:
      if (event.kind === 'send') return CommandStatus.Sent;
      if (event.kind === 'expire') return CommandStatus.TimedOut;
      return undefined;
    case CommandStatus.Sent:
      if (event.kind === 'answer') return answerOutcome(event.result).status;
      if (event.kind === 'answer-timeout') return CommandStatus.TimedOut;
      if (event.kind === 'send-failed') return CommandStatus.Pending;
      return undefined;
    default:
      return undefined; // 成功, 失败 and 超时 are final
  }
}

/** The result byte of a terminal's 0x0001 as a status and the Chinese text operators see. */
export function answerOutcome(result: number): { status: CommandStatus; text: string } {
  switch (result) {
    case 0:
      return { status: CommandStatus.Succeeded, text: '终端执行成功' };
    case 1:
      return { status: CommandStatus.Failed, text: '终端执行失败' };
    case 2:
      return { status: CommandStatus.Failed, text: '消息有误' };
    case 3:
      return { status: CommandStatus.Failed, text: '终端不支持该指令' };
    default:
      return { status: CommandStatus.Failed, text: `终端应答结果 ${result}` };
  }
}

/** What a sweep at `now` does to a command that is still open, if anything. */
export function overdueEvent(
  command: { status: CommandStatus; sendTime: Date | null; expiresAt: Date },
  now: Date,
  answerTimeoutMs = ANSWER_TIMEOUT_MS,
): CommandEvent | undefined {
  if (command.status === CommandStatus.Sent && command.sendTime && now.getTime() - command.sendTime.getTime() > answerTimeoutMs) {
    return { kind: 'answer-timeout' };
  }
  if (command.status === CommandStatus.Pending && now.getTime() >= command.expiresAt.getTime()) return { kind: 'expire' };
  return undefined;
}
