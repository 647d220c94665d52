import { ContainerModule } from 'inversify';
import { IconLoader } from '../../sdk/services/icon-loader';
import { IconLoaderImpl } from './icon-loader-impl';

/** Binds the icon loader. */
export const iconModule = new ContainerModule(({ bind }) => {
  bind<IconLoader>(IconLoader).toConstantValue(new IconLoaderImpl());
});
