import { injectable } from 'inversify';
import { MESSAGE_TYPES, type Disposable, type MessageBus, type MessageHandler, type MessagePayloads, type MessageType } from '../../sdk/services/message-bus';

const KNOWN = new Set<string>(MESSAGE_TYPES);

function assertKnown(type: string): void {
  if (!KNOWN.has(type)) throw new Error(`unknown message type ${type}; known: ${MESSAGE_TYPES.join(', ')}`);
}

/** Synchronous pub/sub for the nine inter-app message types; a failing handler does not stop the others. */
@injectable()
export class MessageBusImpl implements MessageBus {
  private readonly handlers = new Map<MessageType, Set<MessageHandler<MessageType>>>();

  on<K extends MessageType>(type: K, handler: MessageHandler<K>): Disposable {
    assertKnown(type);
    if (typeof handler !== 'function') throw new Error(`handler for ${type} must be a function`);
    let set = this.handlers.get(type);
    if (!set) this.handlers.set(type, (set = new Set()));
    const h = handler as MessageHandler<MessageType>;
    set.add(h);
    return { dispose: () => void set.delete(h) };
  }

  emit<K extends MessageType>(type: K, payload: MessagePayloads[K]): number {
    assertKnown(type);
    const set = this.handlers.get(type);
    if (!set) return 0;
    let ran = 0;
    for (const handler of [...set]) {
      ran++;
      try {
        (handler as MessageHandler<K>)(payload);
      } catch (e) {
        console.error(`message bus: a ${type} handler failed`, e);
      }
    }
    return ran;
  }
}
