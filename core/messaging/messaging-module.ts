import { ContainerModule } from 'inversify';
import { MessageBus } from '@tianlu/sdk';
import { MessageBusImpl } from './message-bus-impl';

/** Binds the inter-app message bus. */
export const messagingModule = new ContainerModule(({ bind }) => {
  bind<MessageBus>(MessageBus).to(MessageBusImpl).inSingletonScope();
});
