import { ContainerModule } from 'inversify';
import { MessageBus } from '../../sdk/services/message-bus';
import { MessageBusImpl } from './message-bus-impl';

/** Binds the inter-app message bus. */
export const messagingModule = new ContainerModule(({ bind }) => {
  bind<MessageBus>(MessageBus).to(MessageBusImpl).inSingletonScope();
});
