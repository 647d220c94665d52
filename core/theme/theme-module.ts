import { ContainerModule } from 'inversify';
import { ThemeService } from '@tianlu/sdk';
import { ThemeServiceImpl } from './theme-service-impl';

/** Binds the theme switcher state. */
export const themeModule = new ContainerModule(({ bind }) => {
  bind<ThemeService>(ThemeService).to(ThemeServiceImpl).inSingletonScope();
});
