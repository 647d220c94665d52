import { ContainerModule } from 'inversify';
import { ThemeService } from '../../sdk/services/theme-service';
import { ThemeServiceImpl } from './theme-service-impl';

/** Binds the theme switcher state. */
export const themeModule = new ContainerModule(({ bind }) => {
  bind<ThemeService>(ThemeService).to(ThemeServiceImpl).inSingletonScope();
});
